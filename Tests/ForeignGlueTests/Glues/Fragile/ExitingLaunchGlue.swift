import AdHarness
import AdRequestKit
import Foundation

/// A glue that ends its own process at launch when the stored consent refuses everything, with
/// status 0, as an app that "closes itself" after a refusal does. A test process that ran it would
/// end with 0 and pass, so the harness ends it with 1 instead, saying where.
///
/// Run only in worker processes of the tests' team tool (`Tests/ForeignGlueTests/Tool`), or in a
/// process the test means to lose.
public final class ExitingLaunchGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts

    public init(ports: AppPorts) { self.ports = ports }

    public func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            if !self.ports.consentInformation.canRequestAds { exit(0) }
        }
    }

    public func runOnboarding() { ports.consentForms.loadAndPresentIfRequired { _ in } }

    public func requestTracking(completion: @escaping @Sendable () -> Void) { ports.tracking.requestTrackingAuthorization { _ in completion() } }

    public func requestAd(adUnitID: String) {}

    public func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    public func readAdvertisingIdentifier() -> UUID? { nil }
}
