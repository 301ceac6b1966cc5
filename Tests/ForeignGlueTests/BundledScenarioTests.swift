import AdHarness
import ScenarioRunner
import Testing

/// A team's own glue, run on the bundled scenarios that need only ground truth, as the README shows.
@Suite("Bundled scenarios against a team's glue")
struct BundledScenarioTests {
    @Test("a correct glue passes every bundled scenario that runs against any glue", arguments: try ScenarioFile.bundled(for: .anyGlue))
    func correctGluePasses(_ file: ScenarioFile) throws {
        let verdict = try file.run(glue: GlueFactory(ConsentFirstGlue.init))
        #expect(verdict.passed, "\(file): \(verdict.report)")
    }

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
