import AdHarness
import ScenarioRunner
import Testing

/// A run the harness lets go (the explorer drops most of its runs; a scenario ends after `finish()`)
/// with the app still waiting (a withheld callback, a form nobody answers, a relaunch) leaves nothing
/// behind: no continuation of the app's unresumed, which the Swift runtime would note on standard
/// error ("leaked its continuation"), and no world kept alive by a task that waits for ever.
@Suite("Runs the harness lets go leave nothing behind")
struct QuietRunsTests {
    @Test("a glue that wraps every callback in its own checked continuation, explored to depth 3 with faults: each one is resumed, and every world is let go")
    func exploredWrappingGlue() throws {
        let ledger = ContinuationLedger()
        let explorer = try Explorer(glue: { WrappingConsentGlue(ports: $0, ledger: ledger) }, bounds: ExplorationBounds(depth: 3))
        let report = explorer.breadthFirst()
        #expect(report.statistics.depthReached == 3)
        #expect(ledger.worlds > 2_000, "the worlds of \(report.statistics.executions) runs (a run that stops before the launch makes no glue)")
        #expect(ledger.made > ledger.worlds, "the glue waited on its own continuations")
        #expect(ledger.resumed == ledger.made, "\(ledger.made - ledger.resumed) continuations were let go unresumed")
        #expect(ledger.liveGlues == 0, "\(ledger.liveGlues) glues outlived their runs")
        #expect(ledger.liveWorlds == 0, "\(ledger.liveWorlds) of \(ledger.worlds) worlds outlived their runs")
    }

    @Test("a run that ends waiting on a withheld update, an unanswered form and the previous process's callback resumes each, and lets its world go")
    func releasedRun() throws {
        let ledger = ContinuationLedger()
        do {
            let app = try SimulatedApp(
                glue: { WrappingConsentGlue(ports: $0, ledger: ledger) }, device: Device(region: .eea),
                faults: [Fault.consentInfoUpdate(.callback(.never), times: 1)]
            )
            app.stopsAtFirstFailure = false
            try app.launch()
            try app.relaunch()
            try? app.onboarding()
            try app.runUntilIdle()
            #expect(app.pendingWork.map(\.kind) == [.unansweredPrompt], "the consent form is on screen, with no answer scripted")
            #expect(ledger.made - ledger.resumed == 2, "the first process's update and the second's form")
            _ = try? app.finish()
        }
        #expect(ledger.resumed == ledger.made, "\(ledger.made - ledger.resumed) continuations were let go unresumed")
        #expect(ledger.liveGlues == 0)
        #expect(ledger.liveWorlds == 0)
    }
}
