import AdHarness
import AdRequestKit
import Foundation

/// A glue that gathers consent at launch, as Google's sample does, and personalizes ads only on a
/// consent answer confirmed in this session: until its consent update succeeds (offline, or still
/// waiting), requests go with `npa=1` on the previous session's answer. More private than needed,
/// and wrong by no documented rule.
final class ConfirmedConsentGlue: ConsentGlue {
    private let ports: AppPorts
    private let confirmed = Protected(false)
    private let started = Protected(false)

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            guard let self else { return }
            guard error == nil else { return startIfAllowed() }
            confirmed.withLock { $0 = true }
            ports.consentForms.loadAndPresentIfRequired { [weak self] _ in self?.startIfAllowed() }
        }
        startIfAllowed()
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds, started.withLock({ $0 }) else { return }
        let personalized =
            confirmed.withLock { $0 } && ports.tracking.trackingAuthorizationStatus == .authorized && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? { nil }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !started.withLock({ swap(&$0, true) }) else { return }
        ports.adSDK.start {}
    }
}
