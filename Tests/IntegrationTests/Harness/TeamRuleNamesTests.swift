import AdHarness
import ScenarioRunner
import StandInRuntime
import Testing

/// A team's rule's name reads back against the rule set given, never against what the process did
/// before: there is no registry.
@Suite("The names of a team's rules")
struct TeamRuleNamesTests {
    /// Every ad request breaks it.
    struct NoAds: Rule {
        let name = "names.noAds"
        let authority = RuleAuthority.policy
        let statement = "no ad request at all"
        let definition = "Broken by every ads.request."
        let source = "a test"
        let events: Set<TraceName> = [.adsRequest]
        let initialState = false

        func breaks(_ event: TraceEvent, state: Bool) -> Bool { true }
        func update(_ state: inout Bool, after event: TraceEvent) {}
    }

    let rules: RuleSet
    let json = #"""
        {"name": "one ad", "rules": "standard,names.noAds=failure", "previousSession": {"tracking": "denied", "consent": "obtained"},
         "steps": ["launch", "requestAd"], "expect": {"violation": "names.noAds"}}
        """#

    init() throws { rules = try RuleSet.standard.adding(NoAds(), severity: .failure) }

    @Test("a name reads back against the set that adds the rule, and only there")
    func nameAgainstTheSet() throws {
        #expect(RuleID(rawValue: "names.noAds") == nil)
        let rule = try #require(RuleID(rawValue: "names.noAds", in: rules))
        #expect(rule.authority == .policy)
        #expect(RuleID(rawValue: "noCrash", in: rules) == .noCrash)
        #expect(try RuleSet(parsing: rules.description, knowing: rules) == rules)
        #expect(throws: RuleSetError.self) { try RuleSet(parsing: rules.description) }
    }

    @Test("a scenario naming a team's rule decodes knowing its set, and runs it")
    func scenarioKnowingTheSet() throws {
        let scenario = try Scenario.decode(json: json, knowing: rules)
        #expect(scenario.rules == rules)
        let verdict = scenario.run()
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.violations.map(\.rule.rawValue) == ["names.noAds"])
        #expect(verdict.violations.first?.authority == .policy)
    }

    @Test("a scenario naming a team's rule it is not given is an error naming the rule")
    func scenarioNotKnowing() throws {
        // Adding the rule to some other set in the process changes nothing.
        _ = try RuleSet.seed.adding(NoAds())
        do {
            _ = try Scenario.decode(json: json)
            Issue.record("decoded a rule it does not know")
        } catch {
            #expect("\(error)".contains("unknown rule: expected one of"), "\(error)")
            #expect("\(error)".contains("got \"names.noAds\""), "\(error)")
            #expect("\(error)".contains("a rule of your own is known only where the rule set that adds it is given"), "\(error)")
        }
    }
}
