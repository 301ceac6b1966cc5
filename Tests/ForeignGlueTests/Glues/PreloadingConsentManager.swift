import AdHarness
import AdRequestKit
import Foundation

/// A correct async consent manager written from the articles, in Google's samples' order: at every
/// launch the consent update and the form if required, then the tracking prompt, the ad SDK started
/// once `canRequestAds`, and a banner and an interstitial loaded at once, as the samples preload
/// them; later ads on request. No `npa` of its own: the ad SDK reads the consent SDK's signals.
@MainActor
final class PreloadingConsentManager: AsyncConsentGlue {
    private let ports: AppPorts
    private var started = false, gathering = false, askWhenActive = false

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() async { await gatherConsent() }

    func didBecomeActive() async {
        guard askWhenActive else { return }
        askWhenActive = false
        await askForTracking()
    }

    func runOnboarding() async { await gatherConsent() }

    func requestTracking() async { await askForTracking() }

    func requestAd(adUnitID: String) async {
        await startAndPreload()
        guard started, ports.consentInformation.canRequestAds else { return }
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID))
    }

    func openPrivacyOptions() async {
        try? await ports.consentForms.presentPrivacyOptionsForm()
        await startAndPreload()
    }

    func readAdvertisingIdentifier() async -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gatherConsent() async {
        guard !gathering else { return }
        gathering = true
        defer { gathering = false }
        try? await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
        try? await ports.consentForms.loadAndPresentIfRequired()
        await askForTracking()
        await startAndPreload()
    }

    private func askForTracking() async {
        // Not after a refusal of every purpose (App Review rejects asking then).
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        // The OS shows no prompt to an app that is not active: ask once it is.
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        // Undecided after the call: the system showed no prompt, or took it away, because the app
        // was not active after all. Ask again once it is.
        if await ports.tracking.requestTrackingAuthorization() == .notDetermined, !ports.lifecycle.isActive { askWhenActive = true }
    }

    private func startAndPreload() async {
        guard ports.consentInformation.canRequestAds, !started else { return }
        started = true
        await ports.adSDK.start()
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: "ca-app-pub-3940256099942544/2435281174", format: .banner))
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: "ca-app-pub-3940256099942544/4411468910", format: .interstitial))
    }
}
