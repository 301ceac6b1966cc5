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
