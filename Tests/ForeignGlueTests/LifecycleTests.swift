import AdHarness
import AdRequestKit
import Foundation
import Testing

/// A glue that notes every lifecycle entry point the harness calls, in order, as an app that hangs
/// its app-open ad and its consent re-check on them would see them.
final class LifecycleNotingGlue: ConsentGlue, @unchecked Sendable {
    let seen = Protected<[String]>([])

    init(ports: AppPorts) {}

    func didFinishLaunching() { note("didFinishLaunching") }
    func didBecomeActive() { note("didBecomeActive") }
    func didEnterBackground() { note("didEnterBackground") }
    func willEnterForeground() { note("willEnterForeground") }
    func willTerminate() { note("willTerminate") }
    func runOnboarding() {}
    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
    func requestAd(adUnitID: String) {}
    func openPrivacyOptions() {}
    func readAdvertisingIdentifier() -> UUID? { nil }

    private func note(_ entry: String) { seen.withLock { $0.append(entry) } }
}

/// The same, written with async/await.
@MainActor
final class AsyncLifecycleNotingGlue: AsyncConsentGlue {
    nonisolated let seen = Protected<[String]>([])

    init(ports: AppPorts) {}

    func didFinishLaunching() async { seen.withLock { $0.append("didFinishLaunching") } }
    func didBecomeActive() async { seen.withLock { $0.append("didBecomeActive") } }
    func didEnterBackground() async { seen.withLock { $0.append("didEnterBackground") } }
    func willEnterForeground() async { seen.withLock { $0.append("willEnterForeground") } }
    func runOnboarding() async {}
    func requestTracking() async {}
    func requestAd(adUnitID: String) async {}
    func openPrivacyOptions() async {}
    func readAdvertisingIdentifier() async -> UUID? { nil }
}

@Suite("The app's lifecycle reaches the glue as UIKit tells it")
struct LifecycleTests {
    @Test("leaving for Settings and coming back: background, will enter foreground, active; a relaunch starts over")
    func backgroundAndForeground() throws {
        let app = try SimulatedApp(glue: LifecycleNotingGlue.init)
        try app.launch()
        try app.foreground()
        try app.changeSettings(.allowAppsToRequestToTrack(false))
        let first = try #require(app.glue as? LifecycleNotingGlue)
        #expect(
            first.seen.withLock { $0 } == [
                "didFinishLaunching", "didBecomeActive", "didEnterBackground", "willEnterForeground", "didBecomeActive", "didEnterBackground",
                "willEnterForeground", "didBecomeActive",
            ])
        try app.relaunch()
        #expect(first.seen.withLock { $0.last } == "willTerminate")
        let second = try #require(app.glue as? LifecycleNotingGlue)
        #expect(second.seen.withLock { $0 } == ["didFinishLaunching", "didBecomeActive"])
    }

    @Test("an async glue hears the same entry points in the same order")
    func asyncGlue() throws {
        let app = try SimulatedApp(glue: AsyncLifecycleNotingGlue.init)
        try app.launch()
        try app.foreground()
        let seen = try #require(app.asyncGlue as? AsyncLifecycleNotingGlue).seen.withLock { $0 }
        #expect(seen == ["didFinishLaunching", "didBecomeActive", "didEnterBackground", "willEnterForeground", "didBecomeActive"])
    }
}
