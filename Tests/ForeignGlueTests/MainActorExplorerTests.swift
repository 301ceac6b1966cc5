import AdHarness
import Exploration
import Testing

/// A synchronous main-actor test is the main queue while it runs: the harness's wait for the main
/// queue after each step of a team's glue must not wait for it, from the test's own thread or from
/// the threads the explorer shares its runs among.
@Suite("Driven from the main actor")
struct MainActorExplorerTests {
    @MainActor
    @Test("the explorer, called from a synchronous main-actor test, explores a team's glue and returns")
    func explorerOnTheMainActor() throws {
        let report = try Explorer(glue: ConsentFirstGlue.init, bounds: ExplorationBounds(depth: 2, maxFaults: 0)).breadthFirst()
        #expect(report.statistics.executions > 10)
        #expect(report.passed, "\(report.report)")
    }
}
