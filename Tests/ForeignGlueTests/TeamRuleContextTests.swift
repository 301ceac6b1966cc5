import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// A team's rule reads the shared facts and the cause as the package's rules do, and its state is
/// one the explorer tells states apart by: in a test step by step, in a scenario and in the explorer.
@Suite("A team's rule with its context and its state")
struct TeamRuleContextTests {
    /// Needs its state across steps: the user asks for an ad at most once in a run.
    struct AdAskedAtMostOnce: Rule {
        let name = "myApp.adAskedAtMostOnce"
        let authority = RuleAuthority.policy
        let statement = "the user asks for an ad at most once in a run"
        let definition = "Broken by a second step requestAd."
        let source = "a test"
        let events: Set<TraceName> = [.step]
        let initialState = 0

        func breaks(_ event: TraceEvent, state asked: Int, context: RuleContext) -> Bool { event[.step] == .requestAd && asked >= 1 }
        func update(_ asked: inout Int, after event: TraceEvent, context: RuleContext) {
            if event[.step] == .requestAd { asked += 1 }
        }
    }

    static let returning = PreviousSession(tracking: .denied, consent: .obtained)
    static let start = #"{"previousSession": {"tracking": "denied", "consent": "obtained"}}"#

    @Test("the facts and the cause reach a team's rule in a test, a scenario and the explorer")
    func contextEverywhere() throws {
        let rules = try RuleSet.standard.adding(NoAdWhileTrackingDenied(), severity: .failure)

        let app = try SimulatedApp(glue: ConsentFirstGlue.init, previousSession: Self.returning, rules: rules)
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.requestAd() }
        guard case .invariantViolated(let violation)? = failure else {
            Issue.record("the ad went out unnoticed: \(String(describing: failure))")
            return
        }
        #expect(violation.rule.rawValue == "myApp.noAdWhileTrackingDenied")
        #expect(violation.cause?[.step] == .requestAd)

        let scenario = try Scenario.decode(
            json: #"{"name": "ad asked", "previousSession": {"tracking": "denied", "consent": "obtained"}, "steps": ["launch", "requestAd"], "expect": {}}"#
        )
        let verdict = scenario.run(glue: ConsentFirstGlue.init, rules: rules)
        #expect(verdict.violations.map(\.rule.rawValue) == ["myApp.noAdWhileTrackingDenied"])
        #expect(verdict.violations.first?.cause?[.step] == .requestAd)

        let search = try Explorer(
            glue: ConsentFirstGlue.init, startingPoint: Self.start, bounds: ExplorationBounds(depth: 2, maxFaults: 0), rules: rules
        ).breadthFirst()
        #expect(search.counterexample?.rule.rawValue == "myApp.noAdWhileTrackingDenied")
        #expect(search.counterexample?.finding.cause?[.step] == .requestAd)
        // The counterexample replays against the same rules.
        let replay = try Scenario.decode(json: try #require(search.counterexample?.fixture), knowing: rules)
        #expect(replay.run(glue: ConsentFirstGlue.init).violations.map(\.rule.rawValue) == ["myApp.noAdWhileTrackingDenied"])
    }

    @Test("the explorer tells states apart by a team's rule's state, and finds the finding that needs it")
    func stateKeyedByTheExplorer() throws {
        let bounds = ExplorationBounds(depth: 3, maxFaults: 0)
        let counting = try RuleSet.standard.adding(AdAskedAtMostOnce(), severity: .failure)
        let search = try Explorer(glue: ConsentFirstGlue.init, startingPoint: Self.start, bounds: bounds, rules: counting).breadthFirst()
        #expect(search.counterexample?.rule.rawValue == "myApp.adAskedAtMostOnce", "\(search.report)")
        #expect(search.counterexample?.steps.filter { $0 == "requestAd" }.count == 2, "\(search.report)")

        // The same search with the rule off keeps no state of it, and tells fewer states apart.
        let off = counting.setting(try #require(RuleID(rawValue: "myApp.adAskedAtMostOnce", in: counting)), to: .off)
        let plain = try Explorer(glue: ConsentFirstGlue.init, startingPoint: Self.start, bounds: bounds, rules: off).breadthFirst()
        #expect(plain.passed)
        #expect(search.statistics.distinctStates > plain.statistics.distinctStates)
    }
}
