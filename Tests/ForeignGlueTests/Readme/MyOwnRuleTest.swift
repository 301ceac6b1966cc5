import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// Our app shows ads only after its onboarding has run in the process.
struct NoAdBeforeOnboarding: Rule {
    let name = "myApp.noAdBeforeOnboarding"
    let authority = RuleAuthority.policy
    let statement = "no ad request goes out before the onboarding has run in the process"
    let definition = "Broken by an ads.request before a step onboarding since the last app.launch."
    let source = "our product spec, ADS-12"
    let events: Set<TraceName> = [.appLaunch, .step, .adsRequest]
    let initialState = false  // whether the onboarding ran in this process

    func breaks(_ event: TraceEvent, state onboarded: Bool) -> Bool { event.name == .adsRequest && !onboarded }

    func update(_ onboarded: inout Bool, after event: TraceEvent) {
        if event.name == .appLaunch { onboarded = false }
        if event[.step] == .onboarding { onboarded = true }
    }
}

@Test func myOwnRuleIsCheckedEverywhere() throws {
    let rules = try RuleSet.standard.adding(NoAdBeforeOnboarding(), severity: .failure)
    let returning = PreviousSession(tracking: .denied, consent: .obtained)

    // A test, step by step: the ad at launch fails at that step.
    let app = try SimulatedApp(glue: ConsentFirstGlue.init, previousSession: returning, rules: rules)
    try app.launch()
    #expect(throws: HarnessFailure.self) { try app.requestAd() }

    // A scenario: the same finding in its verdict.
    let scenario = try Scenario.decode(
        json: #"{"name": "ad at launch", "previousSession": {"tracking": "denied", "consent": "obtained"}, "steps": ["launch", "requestAd"], "expect": {}}"#
    )
    #expect(scenario.run(glue: ConsentFirstGlue.init, rules: rules).violations.map(\.rule.rawValue) == ["myApp.noAdBeforeOnboarding"])

    // The explorer: the shortest run that breaks it, as a fixture that replays with the same rules.
    let search = try Explorer(
        glue: ConsentFirstGlue.init, startingPoint: #"{"previousSession": {"tracking": "denied", "consent": "obtained"}}"#,
        bounds: ExplorationBounds(depth: 2, maxFaults: 0), rules: rules
    ).breadthFirst()
    #expect(search.counterexamples.map(\.rule.rawValue) == ["myApp.noAdBeforeOnboarding"])
    #expect(search.counterexample?.steps == ["launch", "requestAd"])
    // Its fixture names your rule: it decodes knowing the set that adds it (no set, no rule: an error naming it).
    let replay = try Scenario.decode(json: search.counterexample?.fixture ?? "", knowing: rules)
    #expect(replay.run(glue: ConsentFirstGlue.init).violations.map(\.rule.rawValue) == ["myApp.noAdBeforeOnboarding"])
}
