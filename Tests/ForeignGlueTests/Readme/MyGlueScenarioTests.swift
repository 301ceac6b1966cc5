import AdHarness
import Scenarios
import Testing

@Test("my glue passes the bundled scenarios", arguments: try ScenarioFile.bundled(for: .anyGlue))
func bundledScenario(_ file: ScenarioFile) throws {
    let verdict = try file.run(glue: ConsentFirstGlue.init)
    #expect(verdict.passed, "\(file): \(verdict.report)")
}
