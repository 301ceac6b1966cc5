import AdHarness
import AdRequestKit
import Foundation

/// A glue that asks for tracking when its first view appears, which SwiftUI does before the app is
/// active, and goes on only once the answer is decided. It is careful with ads, but the OS ignored
/// the request, and nothing asks again.
///
/// Caught: the tracking prompt is lost for the session.
final class OnAppearGlue: ConsentGlue {
    private let ports: AppPorts
    private let sdkStarted = Protected(false)

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.tracking.requestTrackingAuthorization { [weak self] status in
            guard let self, status != .notDetermined else { return }
            ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
                self?.ports.consentForms.loadAndPresentIfRequired { [weak self] _ in self?.startSDKIfAllowed() }
            }
        }
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {}

    func openPrivacyOptions() {}

    func readAdvertisingIdentifier() -> UUID? { nil }

    private func startSDKIfAllowed() {
        guard ports.consentInformation.canRequestAds else { return }
        let first = sdkStarted.withLock { started in
            defer { started = true }
            return !started
        }
        if first { ports.adSDK.start {} }
    }
}
