import AdHarness
import AdRequestKit
import Foundation
import ScenarioRunner
import Testing

/// One way to pass a glue everywhere, and a factory that wraps a glue's ports.
@Suite("Passing a glue")
struct GluePassingTests {
    /// A tracking port that counts the requests it passes on.
    struct CountingTracking: TrackingAuthorizer {
        let base: any TrackingAuthorizer
        let count: Protected<Int>

        var trackingAuthorizationStatus: TrackingAuthorizationStatus { base.trackingAuthorizationStatus }

        func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
            count.withLock { $0 += 1 }
            base.requestTrackingAuthorization(completion: completion)
        }
    }

    @Test("MyGlue.init is taken as it is by SimulatedApp, a scenario, a scenario file and the explorer")
    func sameSpellingEverywhere() throws {
        let scenario = try Scenario.decode(
            json:
                #"{"name": "x", "user": {"trackingPrompt": "allow", "consentForm": "acceptAll"}, "steps": ["launch", "onboarding", "requestAd"], "expect": {"adRequests": [{"mode": "personalized"}]}}"#
        )
        #expect(scenario.run(glue: ConsentFirstGlue.init).passed)
        let file = try #require(try ScenarioFile.bundled(for: .anyGlue).first)
        #expect(try file.run(glue: ConsentFirstGlue.init).passed)
        let report = try Explorer(glue: ConsentFirstGlue.init, bounds: ExplorationBounds(depth: 1, maxFaults: 0)).breadthFirst()
        #expect(report.passed, "\(report)")
        _ = try SimulatedApp(glue: ConsentFirstGlue.init)
    }

    @Test("mappingPorts wraps a glue's ports in every process, without a forwarding glue type")
    func wrappedPorts() throws {
        let count = Protected(0)
        let glue = GlueFactory(ConsentFirstGlue.init).mappingPorts { ports in
            var ports = ports
            ports.tracking = CountingTracking(base: ports.tracking, count: count)
            return ports
        }
        let app = try SimulatedApp(glue: glue, user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.relaunch()
        try app.requestTracking()
        #expect(count.withLock { $0 } == 2)
        #expect(app.trackingPrompts == 1)
    }
}
