import AdHarness
import ScenarioRunner
import Testing

@Test("no order of answers, timings and faults within three steps breaks an invariant")
func exploreMyGlue() throws {
    let explorer = try Explorer(
        glue: ConsentFirstGlue.init,
        startingPoint: #"{"previousSession": {"consent": "obtained"}}"#,
        bounds: ExplorationBounds(depth: 3, maxFaults: 1)
    )
    let exploration = explorer.breadthFirst()
    #expect(exploration.passed, "\(exploration.report)")
}
