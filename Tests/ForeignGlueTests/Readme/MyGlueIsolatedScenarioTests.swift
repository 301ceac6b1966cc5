import AdHarness
import Exploration
import Scenarios
import Testing

/// Your tool's worker processes, started as the runs need them and kept for the whole test run.
let myWorkers = WorkerProcesses.tool(named: "my-adharness")

@Test("my glue passes the bundled scenarios, each run in a worker process", arguments: try ScenarioFile.bundled(for: .anyGlue))
func bundledScenarioInAWorker(_ file: ScenarioFile) throws {
    let workers = try #require(myWorkers, "swift build builds the tool")
    let verdict = try file.run(glue: GlueFactory(AwaitingConsentGlue.init), in: workers)
    #expect(verdict.passes(failOn: .warning), "\(file): \(verdict.report)")
}
