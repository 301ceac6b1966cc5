import AdHarness
import Foundation

/// A team's glue written with async/await on the main actor: the update, the consent form, a
/// second's pause on the app's clock, then the tracking prompt; ads start once both are decided.
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
        guard ports.lifecycle.isActive else { return askWhenActive = true }
        let status = await ports.tracking.requestTrackingAuthorization()
        if status == .notDetermined { return askWhenActive = true }
        startAdsIfAllowed()
    }

    func requestAd(adUnitID: String) async {
        startAdsIfAllowed()
        guard ports.consentInformation.canRequestAds, sdkStarted else { return }
        let consent = ports.consentInformation.consentStatus
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
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

    private func startAdsIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined, ports.consentInformation.canRequestAds, !sdkStarted else { return }
        sdkStarted = true
        ports.adSDK.start {}
    }
}

/// ``AwaitingConsentGlue`` with every `await` written as a completion: the same calls in the same order.
final class AwaitingConsentGlueCallbacks: ConsentGlue, @unchecked Sendable {
    private struct Flags {
        var sdkStarted = false, onboarding = false, askWhenActive = false
    }

    private let ports: AppPorts
    private let flags = Protected(Flags())

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in self.startAdsIfAllowed() }
    }

    func didBecomeActive() {
        let ask = flags.withLock { flags in swap(&flags.askWhenActive, false) }
        if ask {
            requestTracking { self.startAdsIfAllowed() }
        } else {
            startAdsIfAllowed()
        }
    }

    func runOnboarding() {
        guard !flags.withLock({ swap(&$0.onboarding, true) }) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            self.ports.consentForms.loadAndPresentIfRequired { _ in
                self.ports.clock.schedule(after: .seconds(1), label: "sleep") {
                    self.requestTracking { self.flags.withLock { $0.onboarding = false } }
                }
            }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        guard ports.lifecycle.isActive else {
            flags.withLock { $0.askWhenActive = true }
            return completion()
        }
        ports.tracking.requestTrackingAuthorization { status in
            if status == .notDetermined {
                self.flags.withLock { $0.askWhenActive = true }
            } else {
                self.startAdsIfAllowed()
            }
            completion()
        }
    }

    func requestAd(adUnitID: String) {
        startAdsIfAllowed()
        guard ports.consentInformation.canRequestAds, flags.withLock({ $0.sdkStarted }) else { return }
        let consent = ports.consentInformation.consentStatus
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in self.startAdsIfAllowed() } }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func startAdsIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined, ports.consentInformation.canRequestAds,
              !flags.withLock({ swap(&$0.sdkStarted, true) }) else { return }
        ports.adSDK.start {}
    }
}
