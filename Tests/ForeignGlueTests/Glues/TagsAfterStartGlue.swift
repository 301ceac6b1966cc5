import AdHarness
import AdRequestKit
import Foundation

/// A glue that starts the ad SDK once the consent SDK allows ads and, in the start completion,
/// says its audience is not restricted (both Boolean tags `false`), as a real app seen in issue 37
/// does; it requests ads only once the SDK has finished starting. Correct: no request ever goes
/// out under other tags than those it sets.
final class TagsAfterStartGlue: ConsentGlue {
    private let ports: AppPorts
    private let started = Protected(false)
    private let ready = Protected(false)

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
            self?.ports.consentForms.loadAndPresentIfRequired { [weak self] _ in self?.startIfAllowed() }
        }
        startIfAllowed()
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {
        guard ready.withLock({ $0 }), ports.consentInformation.canRequestAds else { return }
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? { nil }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !started.withLock({ swap(&$0, true) }) else { return }
        ports.adSDK.start { [ports, ready] in
            ports.adSDK.setRequestConfiguration(AdRequestConfiguration(underAgeOfConsent: false, childDirectedTreatment: false))
            ready.withLock { $0 = true }
        }
    }
}
