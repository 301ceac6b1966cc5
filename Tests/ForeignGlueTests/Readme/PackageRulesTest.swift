import AdHarness
import Testing

@Test func everyRuleWeAreHeldToSaysWhereItComesFrom() throws {
    let rules = try RuleSet.standard.adding(NoAdBeforeOnboarding(), severity: .failure)
    // The package's rules and ours, through the one protocol: name, authority, statement, source...
    for rule in rules.allRules {
        let id = try #require(RuleID(rawValue: rule.name, in: rules))
        guard rules.severity(of: id) == .failure else { continue }
        #expect(!rule.source.isEmpty, "\(rule.name): \(rule.statement)")
    }
    #expect(rules.allRules.last is NoAdBeforeOnboarding)  // ours, as we wrote it
}
