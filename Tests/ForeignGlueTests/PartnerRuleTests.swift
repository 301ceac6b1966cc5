import AdHarness
import ScenarioRunner
import Testing

/// The partner defect classes real apps got past the harness (issue 48): each on a glue with the defect,
/// which its rule catches at its authority's severity, and on one without, which passes with no
/// finding at all.
@Suite("Partners' flags")
struct PartnerRuleTests {
    /// A returning EEA user who consented withdraws in the privacy options, and an ad is requested after.
    static let withdrawsThenRequests = """
        {"name":"consents, then withdraws","previousSession":{"tracking":"authorized","consent":"obtained"},"user":{"privacyOptionsForm":"rejectAll"},
         "steps":["launch","requestAd","openPrivacyOptions","requestAd"],"expect":{}}
        """
    /// The same withdrawal, and the run ends with no request after it.
    static let withdrawsAtTheEnd = """
        {"name":"consents, then withdraws","previousSession":{"tracking":"authorized","consent":"obtained"},"user":{"privacyOptionsForm":"rejectAll"},
         "steps":["launch","requestAd","openPrivacyOptions"],"expect":{}}
        """
    /// A returning EEA user whose stored choice consents to everything.
    static let returningUserWhoConsented =
        #"{"name":"returning user who consented","previousSession":{"tracking":"authorized","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#
    /// A returning EEA user who rejected everything earlier.
    static let rejectedEverythingEarlier = """
        {"name":"rejected all earlier","previousSession":{"tracking":"authorized","consent":"obtained","consentChoices":{}},"steps":["launch","requestAd"],"expect":{}}
        """

    /// A glue with a defect, one without, the situation, and the rule that tells them apart.
    struct Pair: Sendable, CustomStringConvertible {
        let defective: GlueFactory
        let correct: GlueFactory
        let scenario: String
        let rule: RuleID
        let severity: RuleSeverity

        var description: String { "\(rule.rawValue): \(defective.name) against \(correct.name)" }
    }

    static let pairs = [
        Pair(
            defective: PartnerFlagsGlue.factory(.oncePerProcess), correct: PartnerFlagsGlue.factory(.currentChoice), scenario: withdrawsThenRequests,
            rule: .partnerFlagsFollowCurrentChoice, severity: .failure),
        Pair(
            defective: PartnerFlagsGlue.factory(.remoteSwitchAtLaunch), correct: PartnerFlagsGlue.factory(.currentChoice),
            scenario: returningUserWhoConsented, rule: .partnersToldConsentAfterConsentSDK, severity: .warning),
        Pair(
            defective: PartnerFlagsGlue.factory(.hardCodedConsent), correct: PartnerFlagsGlue.factory(.currentChoice),
            scenario: rejectedEverythingEarlier, rule: .partnersToldNoMoreThanUserGave, severity: .failure),
    ]

    @Test("the defective glue is caught by the rule at its severity; the correct glue has no finding", arguments: pairs)
    func toldApart(_ pair: Pair) throws {
        let scenario = try Scenario.decode(json: pair.scenario)
        let caught = scenario.run(glue: pair.defective, rules: .standard)
        let found = (pair.severity == .failure ? caught.violations : caught.warnings).map(\.rule)
        #expect(found.contains(pair.rule), "\(caught.report)")
        let clean = scenario.run(glue: pair.correct, rules: .standard)
        #expect(clean.passed, "\(clean.report)")
        #expect(clean.warnings.isEmpty, "\(clean.warnings.map(\.summary))")
    }

    @Test("a glue that tells its partners before each request only has no finding when the run ends after a withdrawal, and none at the next request")
    func toldBeforeEachRequest() throws {
        let glue = PartnerFlagsGlue.factory(.beforeEachRequest)
        for json in [Self.withdrawsAtTheEnd, Self.withdrawsThenRequests] {
            let verdict = try Scenario.decode(json: json).run(glue: glue, rules: .standard)
            #expect(verdict.passed && verdict.warnings.isEmpty, "\(verdict.report)")
        }
        // The run's end is not judged at all, even for a glue that never tells again.
        let once = try Scenario.decode(json: Self.withdrawsAtTheEnd).run(glue: PartnerFlagsGlue.factory(.oncePerProcess), rules: .standard)
        #expect(!once.warnings.map(\.rule).contains(.partnerFlagsFollowCurrentChoice), "\(once.report)")
    }

    @Test("a remote switch that tells consent is no finding of the partner rule when the stored choice consents: the new rule is what catches it")
    func remoteSwitchPassesThePartnerRule() throws {
        let verdict = try Scenario.decode(json: Self.returningUserWhoConsented).run(glue: PartnerFlagsGlue.factory(.remoteSwitchAtLaunch), rules: .standard)
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.warnings.map(\.rule) == [.partnersToldConsentAfterConsentSDK])
    }

    @Test("hard-coded consent is invisible where the user consented, and caught by the partner rule wherever the user did not")
    func hardCodedConsent() throws {
        let glue = PartnerFlagsGlue.factory(.hardCodedConsent)
        let consented = try Scenario.decode(json: Self.returningUserWhoConsented).run(glue: glue, rules: .standard)
        #expect(consented.passed && consented.warnings.isEmpty, "\(consented.report)")
        let withdrawn = try Scenario.decode(json: Self.withdrawsThenRequests).run(glue: glue, rules: .standard)
        #expect(withdrawn.violations.map(\.rule).contains(.partnersToldNoMoreThanUserGave), "\(withdrawn.report)")
        #expect(!withdrawn.violations.map(\.rule).contains(.partnerFlagsFollowCurrentChoice), "\(withdrawn.report)")
    }

}
