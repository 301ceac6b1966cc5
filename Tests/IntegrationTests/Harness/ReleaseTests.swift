import AdHarness
import AdRequestKit
import AppInfoPlist
import MockTrackingManager
import StandInRuntime
import Testing

/// A run whose flows never finish (a callback that never comes, a crash, a request that waits for
/// an activation that never happens) must not keep the app alive once the test lets it go.
@Suite("Runs release what they built")
struct ReleaseTests {
    static let unfinished: [(String, [Fault], Device, User)] = [
        ("tracking request waiting for the app to be active", [Fault.trackingRequest(.appInactive)], Device(), User(trackingPrompt: .allow)),
        ("consent update that never calls back", [Fault.consentInfoUpdate(.callback(.never))], Device(), User(trackingPrompt: .allow)),
        (
            "crash while asking for tracking", [], Device(infoPlist: InfoPlist.standard.removing(InfoPlist.trackingUsageDescriptionKey)),
            User(trackingPrompt: .allow)
        ),
        // The device keeps the prompt, and the prompt the app's completion.
        ("tracking prompt still on screen", [], Device(), User(trackingPrompt: ScriptedAnswer(.allow, after: .seconds(600)))),
    ]

    @Test("the coordinator is released with the app", arguments: unfinished.indices)
    func released(index: Int) throws {
        let (_, faults, device, user) = Self.unfinished[index]
        weak var coordinator: AdsConsentCoordinator?
        weak var clock: VirtualClock?
        weak var simulatedDevice: SimulatedDevice?
        do {
            let app = try SimulatedApp(device: device, user: user, faults: faults)
            app.stopsAtFirstFailure = false  // the crash is a finding; the run goes on to release
            try app.launch()
            try? app.onboarding()
            coordinator = app.coordinator
            clock = app.clock
            simulatedDevice = app.world.device
            #expect(coordinator != nil)
        }
        #expect(coordinator == nil, "\(Self.unfinished[index].0): the coordinator outlived its app")
        #expect(clock == nil, "\(Self.unfinished[index].0): the clock outlived its app")
        #expect(simulatedDevice == nil, "\(Self.unfinished[index].0): the device outlived its app")
    }
}
