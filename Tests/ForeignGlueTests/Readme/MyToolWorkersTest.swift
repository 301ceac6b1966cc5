import AdHarness
import Foundation
import HarnessCommandLine
import MyAppConsent
import Testing

/// Your glue explored from a test, each run in a worker process of your own tool (its executable
/// target, built beside your tests): a run that traps or hangs is a finding, and the test lives on.
@Test func myGlueIsExploredInWorkerProcesses() throws {
    let tool = try #require(HarnessCommandLine.builtExecutable(named: "my-adharness"), "swift build builds the tool")
    let printed = Printed()
    let code = HarnessCommandLine.run(
        ["explore", "--glue", "TrappingConsentManager", "--depth", "2", "--max-faults", "1"],
        glues: [GlueFactory(TrappingConsentManager.init)],
        output: Output(output: printed.append, errors: printed.append), workers: tool
    )
    #expect(code == 1, "\(printed.text)")
    #expect(printed.text.contains("reason=trap step=onboarding"), "\(printed.text)")
    #expect(printed.text.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"), "\(printed.text)")
}
