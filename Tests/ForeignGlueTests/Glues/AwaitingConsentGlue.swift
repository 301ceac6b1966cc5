import AdHarness
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
            // Not after the user refused every purpose meanwhile (privacy options).
            if !TCFSignals(store: ports.store).consentsToNoPurpose { await requestTracking() }
        }
        startAdsIfAllowed()
    }

    func runOnboarding() async {
        guard !onboarding else { return }
        onboarding = true
        try? await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
        try? await ports.consentForms.loadAndPresentIfRequired()
        try? await ports.clock.sleep(for: .seconds(1))
        // After a refusal of every purpose (in the form, or in the privacy options during the
        // pause), the app does not go on to the tracking prompt.
        if TCFSignals(store: ports.store).consentsToNoPurpose {
            startAdsIfAllowed()
        } else {
            await requestTracking()
        }
        onboarding = false
    }

    func requestTracking() async {
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
        try? await ports.consentForms.presentPrivacyOptionsForm()
        startAdsIfAllowed()
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// Starts the ad SDK once the tracking status is decided (or will never be asked, after a refusal
    /// of every purpose) and the consent SDK allows ads.
    private func startAdsIfAllowed() {
        let decided = ports.tracking.trackingAuthorizationStatus != .notDetermined || TCFSignals(store: ports.store).consentsToNoPurpose
        guard decided, ports.consentInformation.canRequestAds, !sdkStarted else { return }
        sdkStarted = true
        ports.adSDK.start {}
    }
}
