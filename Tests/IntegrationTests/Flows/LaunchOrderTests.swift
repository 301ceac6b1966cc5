import AdHarness
import AdRequestKit
import Foundation
import MockTrackingManager
import StandInRuntime
import Testing

/// The harness calls a glue where UIKit calls an app: launch code while inactive, then active.
@Suite("Launch as UIKit does it")
struct LaunchOrderTests {
    /// A glue that only writes down when it was called and whether the app was active then.
    final class WitnessGlue: ConsentGlue, @unchecked Sendable {
        private let ports: AppPorts
        private let instance: Int
        private let calls: Calls

        final class Calls: @unchecked Sendable {
            private let lock = NSLock()
            private var list: [String] = []
            func add(_ call: String) { lock.withLock { list.append(call) } }
            func take() -> [String] {
                lock.withLock {
                    defer { list = [] }
                    return list
                }
            }
        }

        init(ports: AppPorts, instance: Int, calls: Calls) {
            self.ports = ports
            self.instance = instance
            self.calls = calls
        }

        private func note(_ entry: String) { calls.add("\(instance) \(entry) active=\(ports.lifecycle.isActive)") }
        func didFinishLaunching() { note("didFinishLaunching") }
        func didBecomeActive() { note("didBecomeActive") }
        func willTerminate() { note("willTerminate") }
        func runOnboarding() { ports.tracking.requestTrackingAuthorization { _ in } }
        func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
        func requestAd(adUnitID: String) {}
        func openPrivacyOptions() {}
        func readAdvertisingIdentifier() -> UUID? { nil }
    }

    @Test("launch code runs inactive; the app then becomes active; each process gets a fresh glue")
    func order() throws {
        let (instances, calls) = (Counter(), WitnessGlue.Calls())
        let app = try SimulatedApp(
            glue: { ports in WitnessGlue(ports: ports, instance: instances.next(), calls: calls) },
            user: User(trackingPrompt: .allow(after: .seconds(1)))
        )
        try app.launch()
        try app.onboarding()
        try app.advance(by: .seconds(1))
        try app.relaunch()
        #expect(
            calls.take() == [
                "1 didFinishLaunching active=false", "1 didBecomeActive active=true",
                "1 didBecomeActive active=true",
                "1 willTerminate active=true",
                "2 didFinishLaunching active=false", "2 didBecomeActive active=true",
            ])
        #expect(app.trace.contains(inOrder: [.appLaunch, .appInactive, .appActive, .trackingPrompt, .trackingAnswer, .appActive, .appTerminate]))
    }

    /// Numbers the glues, from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
