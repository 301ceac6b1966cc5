import AdHarness
import ScenarioRunner
import Testing

/// A glue that loops without end ends its run with a finding, in bounded time and stack, in a step
/// test, a scenario and an exploration: the test process survives and every other test reports.
@Suite("Runaway glue")
struct RunawayTests {
    @Test(
        "asking again, from the answer (on its stack) or on the next run loop, while the user who left the prompt is away spins at one instant: stopped, named",
        arguments: [AskUntilDecidedGlue.Retry.fromCompletion, .onNextRunLoop]
    )
    func promptLoop(retry: AskUntilDecidedGlue.Retry) throws {
        let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0, retry: retry) }, user: User(trackingPrompt: .leaveApp))
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.onboarding() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .noRunawayLoop)
        // Away from the app, each ask is answered at once: from the answer, on the caller's stack.
        #expect(violation.event["reason"] == (retry == .onNextRunLoop ? "workPerInstant" : "nestedCallbacks"))
        if retry == .onNextRunLoop { #expect(violation.event["repeating"]?.contains("ask again") == true, "\(violation.event)") }
        #expect(app.clock.now == .zero)
    }

    @Test("asking again from inside the answer recurses: stopped before the stack overflows")
    func recursionThroughImmediateAnswers() throws {
        // An app never active when it asks: the undecided answer comes at once, on the caller's stack.
        let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, faults: [Fault.trackingRequest(.appInactive)])
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.onboarding() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .noRunawayLoop)
        #expect(violation.event["reason"] == "nestedCallbacks")
    }

    @Test("an async glue that yields until a flag nothing sets spins at one instant: stopped, named, and the test process lives on")
    func yieldingTask() throws {
        let app = try SimulatedApp(glue: YieldUntilStartedGlue.init)
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.requestAd() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .noRunawayLoop)
        #expect(violation.event["reason"] == "workPerInstant")
        #expect(violation.event["repeating"]?.contains("requestAd") == true, "\(violation.event)")
        #expect(app.clock.now == .zero)
    }

    @Test("the same loop in a scenario fails its verdict, and the explorer reports it as a counterexample")
    func scenarioAndExplorer() throws {
        let glue = GlueFactory { AskUntilDecidedGlue(ports: $0) }
        let scenario = try Scenario.decode(
            json: #"{"name": "dismissed", "user": {"trackingPrompt": "leaveApp"}, "steps": ["launch", "onboarding"], "expect": {}}"#)
        let verdict = scenario.run(glue: glue)
        #expect(verdict.violations.map(\.rule) == [.noRunawayLoop])
        let report = try Explorer(glue: glue, bounds: ExplorationBounds(depth: 2, maxFaults: 0, stopAtFirstViolation: true)).breadthFirst()
        #expect(report.counterexamples.map(\.rule).contains(.noRunawayLoop), "\(report.summary)")
    }
}
