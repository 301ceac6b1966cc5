import AdHarness
import ScenarioRunner
import Testing

/// How the bundled scenarios split between any glue and the reference glue. (That a correct glue
/// passes every one that runs against any glue is the README's own example, `Readme/MyGlueScenarioTests`.)
@Suite("Bundled scenarios against a team's glue")
struct BundledScenarioTests {
    @Test("most bundled scenarios run against any glue, and the rest say they check the reference glue")
    func mostRunAgainstAnyGlue() throws {
        let all = try ScenarioFile.bundled(for: .referenceGlue)
        let anyGlue = try ScenarioFile.bundled(for: .anyGlue)
        #expect(anyGlue.count * 2 > all.count, "\(anyGlue.count) of \(all.count)")
        for file in all where !anyGlue.contains(file) {
            let scenario = try file.load()
            #expect(scenario.declaredGlue == .referenceGlue, "\(file) needs the reference glue (\(scenario.referenceGlueReasons)) but does not say so")
        }
    }

    @Test("a scenario that checks the reference glue refuses another glue, naming why")
    func referenceScenarioRefusesAnotherGlue() throws {
        let file = try #require(try ScenarioFile.bundled(for: .referenceGlue).first { try $0.load().requiredGlue == .referenceGlue })
        let verdict = try file.run(glue: GlueFactory(ConsentFirstGlue.init))
        guard case .invalidSetup(let problem)? = verdict.failure else {
            Issue.record("expected a refusal, got \(verdict.report)")
            return
        }
        #expect(problem.contains("ConsentFirstGlue") && problem.contains("reference glue"))
    }
}

/// The bundled reject-all fixture for any glue (issue 13's done-when): a glue that takes `obtained`
/// as full consent fails it by the signals' invariant, a glue that reads the TCF signals passes it.
@Suite("Reject all for any glue")
struct RejectAllAnyGlueTests {
    @Test("obtained-as-full-consent glues fail tcf/reject-all-any-glue.json, the signal-reading glue passes it")
    func rejectAllFixture() throws {
        let file = try #require(try ScenarioFile.bundled(for: .anyGlue).first { "\($0)".hasSuffix("tcf/reject-all-any-glue.json") })
        let glues = [
            GlueFactory(ConsentFirstGlue.init), GlueFactory(CachingConsentManager.init), GlueFactory(SampleOrderGlue.init),
            GlueFactory(NaiveLaunchGlue.init), GlueFactory(OnAppearGlue.init),
        ]
        let verdicts = try glues.map { glue in
            let verdict = try file.run(glue: glue)
            if case .invariantViolated(let violation)? = verdict.failure { return "\(glue.name): \(violation.invariant.rawValue)" }
            return "\(glue.name): \(verdict.passed ? "passed" : verdict.report)"
        }
        // The other public-style glues break an earlier invariant of the same run before their first request.
        #expect(verdicts == [
            "ConsentFirstGlue: passed", "CachingConsentManager: personalizedOnlyWhenSignalsAllow",
            "SampleOrderGlue: adSDKStartsAfterTrackingDecision", "NaiveLaunchGlue: adSDKStartsAfterTrackingDecision",
            "OnAppearGlue: trackingAskedAgainOnceActive",
        ])
    }
}
