import AdHarness
import ScenarioRunner
import Testing

/// Whose rule each rule is, and how a team picks the rules a run is checked by.
@Suite("Rules and their authority")
struct RuleSetTests {
    @Test("each rule's default severity is its authority's: platform fails, guidance and revenue warn, policy is off")
    func defaults() {
        for rule in RuleID.allCases {
            let expected: RuleSeverity =
                switch rule.authority {
                case .platform: .failure
                case .guidance, .revenue: .warning
                case .policy: .off
                }
            #expect(RuleSet.standard.severity(of: rule) == expected, "\(rule)")
            #expect(RuleSet.strict.severity(of: rule) == .failure, "\(rule)")
        }
        #expect(RuleSet.standard.rules(at: .failure).allSatisfy { $0.authority == .platform })
    }

    @Test("the seed's rules are its table for npa and its order, and the platforms' rules it rests on")
    func seedPolicy() {
        #expect(RuleSet.seed.severity(of: .personalizedOnlyWithBothAnswers) == .failure)
        #expect(RuleSet.seed.severity(of: .adSDKStartsAfterTrackingDecision) == .failure)
        #expect(RuleSet.seed.severity(of: .requestsFollowCurrentAnswers) == .failure)
        #expect(RuleSet.seed.severity(of: .wantedAdsRequested) == .warning)
        #expect(RuleID.allCases.filter { $0.authority == .policy }.allSatisfy { RuleSet.seed.severity(of: $0) == .failure })
    }

    @Test(
        "a rule set reads as it is written, and a bad one says what was expected",
        arguments: [
            ("standard", "standard"), ("seed,adLoadsBackOff=failure", "seed,adLoadsBackOff=failure"),
            ("strict,wantedAdsRequested=off,adLoadsBackOff=warning", "strict,adLoadsBackOff=warning,wantedAdsRequested=off"),
            ("strict,adLoadsBackOff=off,adLoadsBackOff=off", "strict,adLoadsBackOff=off"),
        ])
    func parsing(text: String, written: String) throws {
        let rules = try RuleSet(parsing: text)
        #expect(rules.description == written)
        #expect(try RuleSet(parsing: rules.description) == rules)
    }

    @Test(
        "a malformed rule set is an error naming what was expected",
        arguments: [
            ("lenient", "expected standard, seed or strict first"), ("standard,nope=failure", "unknown rule \"nope\""),
            ("seed,adLoadsBackOff=loud", "expected failure, warning or off for adLoadsBackOff"), ("seed,adLoadsBackOff", "expected RULE=SEVERITY"),
            ("strict,adLoadsBackOff=failure,adLoadsBackOff=off", "expected each rule once, found adLoadsBackOff=failure and then adLoadsBackOff=off"),
        ])
    func malformed(text: String, message: String) {
        #expect(throws: RuleSetError.self) { try RuleSet(parsing: text) }
        do { _ = try RuleSet(parsing: text) } catch { #expect(error.description.contains(message), "\(error)") }
    }

    @Test("a scenario names its rules, a test's rules win over it, and its warnings can be pinned")
    func scenarioRules() throws {
        let json = """
            {"name": "a stale npa=1 after Settings", "rules": "standard,requestsFollowCurrentAnswers=warning",
             "previousSession": {"tracking": "denied", "consent": "obtained"},
             "app": {"mistakes": ["skipsConsentRefresh"]},
             "steps": ["launch", {"settings": {"tracking": "authorized"}}, "requestAd"],
             "expect": {"warnings": ["requestsFollowCurrentAnswers"]}}
            """
        let scenario = try Scenario.decode(json: json)
        #expect(scenario.rules == RuleSet.standard.setting(.requestsFollowCurrentAnswers, to: .warning))
        let warned = scenario.run()
        #expect(warned.passed, "\(warned.report)")
        let strict = scenario.run(rules: .strict)
        #expect(strict.violations.map(\.rule) == [.requestsFollowCurrentAnswers])
        let silent = scenario.run(rules: RuleSet.standard.setting(.requestsFollowCurrentAnswers, to: .off))
        #expect(silent.mismatches.map(\.expectation) == ["expect.warnings"])
    }

    @Test("a bad rules key is an error at that field")
    func badRulesKey() {
        #expect(throws: ScenarioError.self) {
            try Scenario.decode(json: #"{"name": "x", "rules": "loose", "steps": ["launch"], "expect": {}}"#)
        }
    }
}
