import AdHarness
import StandInRuntime
import Testing

/// A team's own rule: one name, one rule; what it is refused; each set checks the rule it was given.
@Suite("Rules of a team's own")
struct TeamRuleTests {
    /// At most `limit` ad requests in a run.
    struct AtMostAds: Rule {
        var name = "team.atMostAds"
        let limit: Int
        let authority = RuleAuthority.policy
        let statement = "at most a few ad requests in a run"
        let definition = "Broken by an ads.request past the limit."
        let source = "a test"
        var events: Set<TraceName> = [.adsRequest]
        let initialState = 0

        func breaks(_ event: TraceEvent, state sent: Int) -> Bool { sent >= limit }
        func update(_ sent: inout Int, after event: TraceEvent) { sent += 1 }
    }

    /// Another rule that wants the same name.
    struct Impostor: Rule {
        let name = "team.atMostAds"
        let authority = RuleAuthority.policy
        let statement = "another rule"
        let definition = "Never broken."
        let source = "a test"
        let events: Set<TraceName> = [.adsRequest]
        let initialState = false

        func breaks(_ event: TraceEvent, state: Bool) -> Bool { false }
        func update(_ state: inout Bool, after event: TraceEvent) {}
    }

    func findings(_ rules: RuleSet) throws -> [String] {
        let app = try SimulatedApp(previousSession: PreviousSession(tracking: .authorized, consent: .obtained), rules: rules)
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.requestAd()
        try app.requestAd()
        return app.failures.map(\.rule.rawValue).filter { $0.hasPrefix("team.") }
    }

    @Test("two sets with the same rule, configured apart, each check their own")
    func eachSetItsOwnRule() throws {
        let strict = try RuleSet.standard.adding(AtMostAds(limit: 0), severity: .failure)
        let lenient = try RuleSet.standard.adding(AtMostAds(limit: 5), severity: .failure)
        #expect(try findings(strict) == ["team.atMostAds", "team.atMostAds"])
        #expect(try findings(lenient) == [])
    }

    @Test("a name already another rule's, or an event the glue records, is refused, saying why")
    func refusals() throws {
        let withAtMostAds = try RuleSet.standard.adding(AtMostAds(limit: 1))
        #expect(throws: RuleSetError.self) { try withAtMostAds.adding(Impostor()) }
        // No registry: a set made apart from the first knows nothing of it.
        #expect(throws: Never.self) { try RuleSet.standard.adding(Impostor()) }
        // The same rule configured again replaces it in the set.
        #expect(try withAtMostAds.adding(AtMostAds(limit: 0), severity: .failure).customRules.count == 1)
        #expect(throws: RuleSetError.self) { try RuleSet.standard.adding(AtMostAds(name: "noCrash", limit: 1)) }
        #expect(throws: RuleSetError.self) { try RuleSet.standard.adding(AtMostAds(name: "team.decisions", limit: 1, events: [.decision])) }
    }
}
