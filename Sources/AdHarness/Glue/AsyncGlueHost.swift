import AdRequestKit
import Foundation
import StandInRuntime

/// Hosts an ``AsyncConsentGlue`` as a ``ConsentGlue``: each entry point starts a task of the app,
/// run at once up to its first wait, then on the clock's turns, so the harness, the runner and the
/// explorer drive async glue exactly as they drive callback glue.
@available(macOS 15.0, iOS 18.0, *)
final class AsyncGlueHost: ConsentGlue {
    let glue: any AsyncConsentGlue
    private let tasks: AppTaskExecutor

    /// Makes the glue on the main actor (the harness's, while it drives the app).
    init(ports: AppPorts, make: @escaping @MainActor @Sendable (AppPorts) -> any AsyncConsentGlue) {
        // The process's clock, or, where a `mappingPorts` transform wrapped it, the app being driven.
        guard let tasks = (ports.clock as? ClockScope)?.tasks ?? AppTaskExecutor.current else {
            preconditionFailure("adharness: an async glue is made only by the harness, which runs its tasks")
        }
        self.tasks = tasks
        // Making a glue does not wait on anything, so it is done once the ready jobs have run.
        guard let glue = tasks.value(of: "init", { await make(ports) }) else {
            preconditionFailure("adharness: making the async glue did not finish")
        }
        self.glue = glue
    }

    private var owner: ObjectIdentifier { ObjectIdentifier(self) }

    /// Starts an entry point and runs it until it first waits.
    private func run(_ name: String, _ operation: @escaping @Sendable (any AsyncConsentGlue) async -> Void) {
        tasks.start(name, owner: owner) { [glue] in await operation(glue) }
        tasks.runUntilIdle()
    }

    func didFinishLaunching() { run("didFinishLaunching") { await $0.didFinishLaunching() } }
    func didBecomeActive() { run("didBecomeActive") { await $0.didBecomeActive() } }
    func didEnterBackground() { run("didEnterBackground") { await $0.didEnterBackground() } }
    func willEnterForeground() { run("willEnterForeground") { await $0.willEnterForeground() } }
    func runOnboarding() { run("runOnboarding") { await $0.runOnboarding() } }
    func requestAd(adUnitID: String) { run("requestAd") { await $0.requestAd(adUnitID: adUnitID) } }
    func openPrivacyOptions() { run("openPrivacyOptions") { await $0.openPrivacyOptions() } }
    func willTerminate() { run("willTerminate") { await $0.willTerminate() } }
    func tap(_ control: String) { run("tap \(control)") { await $0.tap(control) } }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        run("requestTracking") { glue in
            await glue.requestTracking()
            completion()
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        tasks.value(of: "readAdvertisingIdentifier", owner: owner) { [glue] in await glue.readAdvertisingIdentifier() } ?? nil
    }

    var believedState: ConsentState? {
        tasks.value(of: "believedState", owner: owner) { [glue] in await glue.believedState } ?? nil
    }

    /// The process ended: its tasks are no leftover of the run.
    func processEnded() { tasks.abandon(owner: owner) }
}
