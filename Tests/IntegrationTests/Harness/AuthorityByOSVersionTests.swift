import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// A rule whose requirement is stated for some OS versions only is advice on the others: the
/// identifier rule is Apple's must from iOS 14.5, where Apple states it, and guidance before.
@Suite("A rule's authority by the OS version it fires on")
struct AuthorityByOSVersionTests {
    /// A glue that reads the identifier at launch without asking: on 14.0-14.4 the OS hands it out.
    static func readsAtOnce(osVersion: String, rules: RuleSet) throws -> ScenarioVerdict {
        let scenario = try Scenario.decode(
            json: #"{"name":"reads at once","device":{"osVersion":"\#(osVersion)"},"steps":["launch","readAdvertisingIdentifier"],"expect":{}}"#
        )
        return scenario.run(
            glue: GlueFactory(name: "reads unchecked") {
                ReferenceGlue(ports: $0, consent: .current, configuration: AdsConfiguration(), mistakes: [.readsIdentifierUnchecked])
            }, rules: rules)
    }

    @Test("on iOS 14.4 an identifier read undecided is guidance: a warning by default, a failure in the strict set", arguments: ["14.4", "14.2"])
    func guidanceBefore14_5(osVersion: String) throws {
        let standard = try Self.readsAtOnce(osVersion: osVersion, rules: .standard)
        #expect(standard.passed, "\(standard.report)")
        let warning = try #require(standard.warnings.first { $0.rule == .identifierOnlyWhenAuthorized })
        #expect(warning.authority == .guidance)
        #expect(warning.summary.hasPrefix("identifierOnlyWhenAuthorized (guidance)"))

        let strict = try Self.readsAtOnce(osVersion: osVersion, rules: .strict)
        #expect(strict.violations.first?.rule == .identifierOnlyWhenAuthorized)
        let overridden = try Self.readsAtOnce(osVersion: osVersion, rules: RuleSet.standard.setting(.identifierOnlyWhenAuthorized, to: .off))
        #expect(overridden.warnings.isEmpty && overridden.passed)
    }

    @Test("a run's findings are one list, in the order found, each with its severity; failures and warnings are its views")
    func findingsAreOneList() throws {
        // On 14.4 the unchecked read is a warning (guidance); starting the ad SDK at launch fails the seed policy.
        let glue = GlueFactory(name: "reads unchecked, starts at launch") {
            ReferenceGlue(ports: $0, consent: .current, configuration: AdsConfiguration(), mistakes: [.readsIdentifierUnchecked, .startsAdSDKAtLaunch])
        }
        let app = try SimulatedApp(glue: glue, device: Device(osVersion: "14.4"), rules: .seed)
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.readAdvertisingIdentifier()
        let findings = app.findings
        #expect(Set(findings.map(\.severity)) == [.failure, .warning], "\(findings.map(\.summary))")
        #expect(findings.map(\.traceLength) == findings.map(\.traceLength).sorted())
        #expect(app.failures.map(\.summary) == findings.filter { $0.severity == .failure }.map(\.summary))
        #expect(app.warnings.map(\.summary) == findings.filter { $0.severity == .warning }.map(\.summary))
        #expect(app.warnings.map(\.rule).contains(.identifierOnlyWhenAuthorized))
    }

    @Test("the rule's authority is the OS version's at the event: platform from 14.5, guidance before, platform where the event names none")
    func authorityAtEvent() {
        let rule = RuleID.identifierOnlyWhenAuthorized.descriptor
        let read = { (os: String?) in
            TraceEvent(
                time: .zero, name: .idfaRead,
                fields: [EventField(.identifier, .set), EventField(.tracking, .notDetermined)] + (os.map { [EventField("os", $0)] } ?? []))
        }
        #expect(rule.authority(at: read("14.4")) == .guidance)
        #expect(rule.authority(at: read("13.7")) == .guidance)
        #expect(rule.authority(at: read("14.5")) == .platform)
        #expect(rule.authority(at: read("27.2")) == .platform)
        #expect(rule.authority(at: read(nil)) == .platform)
        #expect(RuleSet.standard.severity(of: .identifierOnlyWhenAuthorized, at: .guidance) == .warning)
        #expect(RuleSet.standard.severity(of: .identifierOnlyWhenAuthorized) == .failure)
    }
}
