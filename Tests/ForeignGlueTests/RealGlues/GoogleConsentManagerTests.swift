import AdHarness
import ScenarioRunner
import Testing

@Suite("scratch")
struct GoogleConsentManagerTests {
    @Test func probe() throws {
        let glue = GlueFactory(GoogleConsentManagerGlue.init)
        for file in try ScenarioFile.bundled(for: .anyGlue) {
            let verdict = try file.run(glue: glue, rules: .standard)
            let scenario = try file.load()
            for f in verdict.violations + verdict.warnings {
                print("SCEN", file, f.invariant, f.severity, "expected:", scenario.expect.violation.map { "\($0)" } ?? "-")
            }
        }
        for faults in [0, 1] {
            let report = try Explorer(glue: glue, bounds: ExplorationBounds(depth: 3, maxFaults: faults)).breadthFirst()
            print("EXPLORE", faults, report.summary)
            for c in report.counterexamples { print("CE", c.invariant, c.steps, c.report.split(separator: "\n").filter { $0.hasPrefix("with:") }) }
        }
    }
}
