import AdHarness
import AdRequestKit
import Foundation

/// A glue that asks for tracking as it launches (while the app is inactive, so the OS ignores it)
/// and again a moment after the app becomes active, as apps that let their first screen settle do.
/// It starts the ad SDK once the consent SDK allows ads. Correct: the user is asked once the app
/// has been active for a second.
final class AskAMomentLaterGlue: ConsentGlue {
    /// How long the glue waits after the app becomes active.
    static let pause = Duration.seconds(1)
    private let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.tracking.requestTrackingAuthorization { _ in }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [ports] _ in
            if ports.consentInformation.canRequestAds { ports.adSDK.start {} }
        }
    }

    func didBecomeActive() {
        _ = ports.clock.schedule(after: Self.pause, label: "ask for tracking") { [ports] in
            guard ports.tracking.trackingAuthorizationStatus == .notDetermined else { return }
            ports.tracking.requestTrackingAuthorization { _ in }
        }
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {}

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? { nil }
}
