import AdHarness
import AdRequestKit
import Foundation

/// A team's consent manager on the main actor that publishes `canRequestAds` as an `AsyncStream`, as
/// Swift 6 code without Combine does: the app's root view observes it for the life of the process
/// (`.task { for await allowed in manager.canRequestAdsUpdates { ... } }`) and starts the ad SDK and
/// loads the banner the user is looking at once it says yes. The manager gathers consent at launch
/// (the update, the form if required, then the tracking prompt unless every purpose was refused)
/// and publishes the answer after each gathering and after the privacy-options form. No `npa` of
/// its own: the ad SDK reads the consent SDK's signals.
@MainActor
final class StreamingConsentManager: AsyncConsentGlue {
    private let ports: AppPorts
    private let canRequestAdsUpdates: AsyncStream<Bool>
    private let publish: AsyncStream<Bool>.Continuation
    private var observer: Task<Void, Never>?
    private var started = false, gathering = false, askWhenActive = false
    /// The banner on screen, until its ad is loaded.
    private var bannerUnit: String?

    init(ports: AppPorts) {
        self.ports = ports
        (canRequestAdsUpdates, publish) = AsyncStream.makeStream(of: Bool.self)
    }

    func didFinishLaunching() async {
        // The root view's `.task`: observes the manager for the life of the process.
        if observer == nil {
            let updates = canRequestAdsUpdates
            observer = Task { @MainActor [weak self] in
                for await allowed in updates where allowed { await self?.startAndLoadBanner() }
            }
        }
        publish.yield(ports.consentInformation.canRequestAds)  // the last session's consent
        await gatherConsent()
    }

    func didBecomeActive() async {
        guard askWhenActive else { return }
        askWhenActive = false
        await askForTracking()
    }

    func runOnboarding() async { await gatherConsent() }

    func requestTracking() async { await askForTracking() }

    func requestAd(adUnitID: String) async {
        bannerUnit = adUnitID
        if ports.consentInformation.canRequestAds { await startAndLoadBanner() }
    }

    func openPrivacyOptions() async {
        try? await ports.consentForms.presentPrivacyOptionsForm()
        await askForTracking()  // consent given after a refusal that skipped the prompt
        publish.yield(ports.consentInformation.canRequestAds)
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
        publish.yield(ports.consentInformation.canRequestAds)
    }

    private func askForTracking() async {
        // Not after a refusal of every purpose (App Review rejects asking then).
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        // The OS shows no prompt to an app that is not active: ask once it is.
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        if await ports.tracking.requestTrackingAuthorization() == .notDetermined && !ports.lifecycle.isActive { askWhenActive = true }
    }

    private func startAndLoadBanner() async {
        guard ports.consentInformation.canRequestAds else { return }
        if !started {
            started = true
            await ports.adSDK.start()
        }
        guard let unit = bannerUnit, ports.consentInformation.canRequestAds else { return }
        bannerUnit = nil
        _ = try? await ports.adSDK.loadAd(AdRequest(adUnitID: unit))
    }
}
