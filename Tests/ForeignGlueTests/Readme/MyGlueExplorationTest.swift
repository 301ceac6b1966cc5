import AdHarness
import ScenarioRunner
import Testing

@Test("no order of answers, timings and faults within three steps breaks an invariant")
func exploreMyGlue() throws {
    let explorer = try Explorer(
        glue: GlueFactory(ConsentFirstGlue.init),
        startingPoint: #"{"previousSession": {"consent": "obtained"}}"#,
        bounds: ExplorationBounds(depth: 3, maxFaults: 1)
    )
    let report = explorer.breadthFirst()
    #expect(report.passed, "\(report.counterexamples.map { $0.report + "\n" + $0.fixture }.joined(separator: "\n"))")
}
