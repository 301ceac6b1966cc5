import AdHarness
import Foundation
import HarnessCommandLine
import Testing

/// Your tool's command line, run in a test: the same call as its `main.swift`, with the output kept.
@Test func myToolRunsTheBundledScenariosOnMyGlue() {
    let printed = Printed()
    let code = HarnessCommandLine.run(
        ["run", "--glue", "ConsentFirstGlue"], glues: [GlueFactory(ConsentFirstGlue.init)],
        output: Output(output: printed.append, errors: printed.append)
    )
    #expect(code == 0, "\(printed.text)")
    #expect(printed.text.hasSuffix(" passed, 0 failed\n"))
}

/// What a command printed, gathered from any thread.
final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [String] = []  // guarded by `lock`

    @Sendable func append(_ text: String) { lock.withLock { parts.append(text) } }
    var text: String { lock.withLock { parts.joined() } }
}
