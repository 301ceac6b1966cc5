import AdHarness
import ScenarioRunner
import Testing

/// A glue that loops without end ends its run with a finding, in bounded time and stack, in a step
/// test, a scenario and an exploration: the test process survives and every other test reports.
@Suite("Runaway glue")
struct RunawayTests {
    @Test("asking again on the next run loop whenever a dismissed prompt leaves tracking undecided spins at one instant: stopped, named")
    func promptLoop() throws {
        let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0, retry: .onNextRunLoop) }, user: User(trackingPrompt: .dismiss))
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.onboarding() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.invariant == .noRunawayLoop)
        #expect(violation.event["reason"] == "workPerInstant")
        #expect(violation.event["repeating"]?.contains("ask again") == true, "\(violation.event)")
        #expect(app.clock.now == .zero)
    }

    @Test("asking again from inside the answer recurses: stopped before the stack overflows", arguments: [true, false])
    func recursionThroughImmediateAnswers(dismissed: Bool) throws {
        // A dismissed prompt, or an app never active when it asks: the undecided answer comes on the caller's stack.
        let app = dismissed
            ? try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, user: User(trackingPrompt: .dismiss))
            : try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, faults: [Fault(.trackingRequest, .appInactive)])
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.onboarding() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.invariant == .noRunawayLoop)
        #expect(violation.event["reason"] == "nestedCallbacks")
    }

    @Test("the same loop in a scenario fails its verdict, and the explorer reports it as a counterexample")
    func scenarioAndExplorer() throws {
        let glue = GlueFactory { AskUntilDecidedGlue(ports: $0) }
        let scenario = try Scenario.decode(json: #"{"name": "dismissed", "user": {"trackingPrompt": "dismiss"}, "steps": ["launch", "onboarding"], "expect": {}}"#)
        let verdict = scenario.run(glue: glue)
        #expect(verdict.violations.map(\.invariant) == [.noRunawayLoop])
        let report = try Explorer(glue: glue, bounds: ExplorationBounds(depth: 2, maxFaults: 0, stopAtFirstViolation: true)).breadthFirst()
        #expect(report.counterexamples.map(\.invariant).contains(.noRunawayLoop), "\(report.summary)")
    }
}
