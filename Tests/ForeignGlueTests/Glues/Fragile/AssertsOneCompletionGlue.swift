import AdHarness
import AdRequestKit
import Foundation

/// A glue that takes the consent update's completion for an event that comes once and asserts so
/// (`precondition`): when the consent SDK calls it twice (the fault `callback: twice`), the app
/// traps. The real SDK calls it once, so it is a warning (`noCrashOnDuplicateCallback`); ignoring
/// the second costs one flag. It also starts a task at launch (as an app that logs its launch in
/// one does), so a run of it that ends with work left is played out.
///
/// Run only in worker processes of the tests' team tool (`Tests/ForeignGlueTests/Tool`): in process
/// the trap ends the test process.
public final class AssertsOneCompletionGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let lock = NSLock()
    private var updated = false  // guarded by `lock`

    public init(ports: AppPorts) { self.ports = ports }

    public func didFinishLaunching() {
        let lifecycle = ports.lifecycle
        Task { _ = lifecycle.isActive }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            self.lock.withLock {
                precondition(!self.updated, "the consent update completed twice")
                self.updated = true
            }
            if self.ports.consentInformation.canRequestAds { self.ports.adSDK.start {} }
        }
    }

    public func runOnboarding() { ports.consentForms.loadAndPresentIfRequired { _ in } }

    public func requestTracking(completion: @escaping @Sendable () -> Void) { ports.tracking.requestTrackingAuthorization { _ in completion() } }

    public func requestAd(adUnitID: String) {}

    public func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    public func readAdvertisingIdentifier() -> UUID? { nil }
}
