import AdHarness
import ScenarioRunner
import Testing

/// How the bundled scenarios split between any glue and the reference glue. (That a correct glue
/// passes every one that runs against any glue is the README's own example, `Readme/MyGlueScenarioTests`.)
@Suite("Bundled scenarios against a team's glue")
struct BundledScenarioTests {
    @Test("most bundled scenarios run against any glue; the rest say they check the reference glue, or the seed's policy")
    func mostRunAgainstAnyGlue() throws {
        let all = try ScenarioFile.bundled(for: .referenceGlue)
        let anyGlue = try ScenarioFile.bundled(for: .anyGlue)
        let seedPolicy = try ScenarioFile.bundled(for: .anyGlue, rules: .seed)
        // Those that run no glue pin the SDK stand-ins: tied to no glue, they are left out of `anyGlue`.
        let withoutGlue = try all.filter { try $0.load().runsWithoutGlue }
        #expect((anyGlue.count + withoutGlue.count) * 2 > all.count, "\(anyGlue.count) and \(withoutGlue.count) without glue, of \(all.count)")
        #expect(Set(anyGlue).isSubset(of: Set(seedPolicy)) && seedPolicy.count > anyGlue.count)
        for file in seedPolicy where !anyGlue.contains(file) {
            #expect(try file.load().rules == .seed, "\(file)")
        }
        for file in all where !seedPolicy.contains(file) {
            let scenario = try file.load()
            // A scenario that runs no glue pins the SDK stand-ins: no glue is checked by it.
            #expect(
                scenario.declaredGlue == .referenceGlue || scenario.runsWithoutGlue,
                "\(file) needs the reference glue (\(scenario.referenceGlueReasons)) but does not say so")
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

/// The bundled reject-all fixture for any glue: under the seed's policy a glue that takes `obtained`
/// as full consent fails it by the signals' rule, a glue that reads the TCF signals passes it; under
/// the standard rules both pass, because the ad SDK reads the TC string itself and serves limited ads.
@Suite("Reject all for any glue")
struct RejectAllAnyGlueTests {
    @Test("under the standard rules a glue that sends no npa after reject all passes: the ad SDK serves limited ads")
    func rejectAllServedLimited() throws {
        let file = try #require(try ScenarioFile.bundled(for: .anyGlue).first { "\($0)".hasSuffix("tcf/reject-all-any-glue.json") })
        for glue in [GlueFactory(ConsentFirstGlue.init), GlueFactory(CachingConsentManager.init), GlueFactory(SampleOrderGlue.init)] {
            let verdict = try file.run(glue: glue, rules: .standard)
            #expect(verdict.passed, "\(glue.name): \(verdict.report)")
        }
    }

    @Test("under the seed's policy, obtained-as-full-consent glues fail tcf/reject-all-any-glue.json, the signal-reading glue passes it")
    func rejectAllFixture() throws {
        let file = try #require(try ScenarioFile.bundled(for: .anyGlue).first { "\($0)".hasSuffix("tcf/reject-all-any-glue.json") })
        let glues = [
            GlueFactory(ConsentFirstGlue.init), GlueFactory(CachingConsentManager.init), GlueFactory(SampleOrderGlue.init),
            GlueFactory(NaiveLaunchGlue.init), GlueFactory(OnAppearGlue.init),
        ]
        let verdicts = try glues.map { glue in
            let verdict = try file.run(glue: glue, rules: .seed)
            if case .invariantViolated(let violation)? = verdict.failure { return "\(glue.name): \(violation.invariant.rawValue)" }
            return "\(glue.name): \(verdict.passed ? "passed" : verdict.report)"
        }
        // The other public-style glues break an earlier invariant of the same run before their first request.
        #expect(
            verdicts == [
                "ConsentFirstGlue: passed", "CachingConsentManager: personalizedOnlyWhenSignalsAllow",
                "SampleOrderGlue: adSDKStartsAfterTrackingDecision", "NaiveLaunchGlue: adSDKStartsAfterTrackingDecision",
                "OnAppearGlue: trackingAskedAgainOnceActive",
            ])
    }
}

/// A careful glue by the platforms' rules alone (Google's sample order, no `npa` of its own) is no
/// failure anywhere in the bundled scenarios it can run: the standard rules raise no false alarm.
@Suite("No false alarm on a careful glue")
struct CarefulGlueTests {
    @Test("ConsentManagerGlue passes every bundled scenario for any glue under the standard rules, with no warning")
    func carefulGluePasses() throws {
        for file in try ScenarioFile.bundled(for: .anyGlue) {
            let verdict = try file.run(glue: ConsentManagerGlue.factory(), rules: .standard)
            #expect(verdict.passed, "\(file): \(verdict.report)")
            #expect(verdict.warnings.isEmpty, "\(file): \(verdict.warnings.map(\.summary))")
        }
    }
}
