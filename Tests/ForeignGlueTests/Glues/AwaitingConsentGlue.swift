import AdHarness
import AdRequestKit
import Foundation

/// A team's glue written with async/await on the main actor: the update, the consent form, a
/// second's pause on the app's clock, then the tracking prompt (none after a refusal of every
/// purpose); ads start once both are decided.
@MainActor
final class AwaitingConsentGlue: AsyncConsentGlue {
    private let ports: AppPorts
    private var sdkStarted = false, onboarding = false, askWhenActive = false

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() async {
        try? await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
        startAdsIfAllowed()
    }

    func didBecomeActive() async {
        if askWhenActive {
            askWhenActive = false
            await requestTracking()
        }
        startAdsIfAllowed()
    }

    func runOnboarding() async {
        guard !onboarding else { return }
        onboarding = true
        try? await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
        try? await ports.consentForms.loadAndPresentIfRequired()
        try? await ports.clock.sleep(for: .seconds(1))
        await requestTracking()
        onboarding = false
    }

    func requestTracking() async {
        // After a refusal of every purpose, the app does not ask (App Review rejects asking then).
        guard !refusedEveryPurpose else { return startAdsIfAllowed() }
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        guard await ports.tracking.requestTrackingAuthorization() != .notDetermined else {
            // Undecided: the system showed no prompt, or took it away, because the app was not
            // active. Asking again at once would loop; asking once it is active again is the fix.
            if !ports.lifecycle.isActive { askWhenActive = true }
            return
        }
        startAdsIfAllowed()
    }

    func requestAd(adUnitID: String) async {
        startAdsIfAllowed()
        guard ports.consentInformation.canRequestAds, sdkStarted else { return }
        let consent = ports.consentInformation.consentStatus
        let personalized =
            ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"]))
    }

    func openPrivacyOptions() async {
        let refusedBefore = refusedEveryPurpose
        try? await ports.consentForms.presentPrivacyOptionsForm()
        // Consent given after a refusal that skipped the tracking prompt: ask now.
        if refusedBefore && !refusedEveryPurpose && ports.tracking.trackingAuthorizationStatus == .notDetermined { await requestTracking() }
        startAdsIfAllowed()
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// The user refused every purpose in the consent form: the stored choice consents to none.
    private var refusedEveryPurpose: Bool { TCFSignals(store: ports.store).consentsToNoPurpose }

    /// Starts the ad SDK once the tracking status is decided (or will not be asked, after a refusal
    /// of every purpose) and the consent SDK allows ads.
    private func startAdsIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined || refusedEveryPurpose, ports.consentInformation.canRequestAds,
            !sdkStarted
        else { return }
        sdkStarted = true
        ports.adSDK.start {}
    }
}
