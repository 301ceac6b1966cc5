import AdHarness
import AdRequestKit
import Foundation

/// An app on the legacy consent SDK that reads the user's choice only to know whether ads may be
/// shown, and never forwards a non-personalized choice as `npa=1`. That SDK writes no TC string,
/// so the flag is the only way the ad SDK can learn the choice.
///
/// Caught: a request served personalized against the user's choice (a platform rule).
final class LegacyChoiceIgnoredGlue: ConsentGlue {
    private let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.legacyConsent?.information.requestConsentInfoUpdate(
            forPublisherIdentifiers: ["pub-0000000000000000"], debug: LegacyDebugSettings()
        ) { _ in }
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {
        guard let legacy = ports.legacyConsent?.information, legacy.consentStatus != .unknown else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { _ in }
    }

    func openPrivacyOptions() {}

    func readAdvertisingIdentifier() -> UUID? { nil }
}
