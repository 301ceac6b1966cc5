import AdHarness
import Foundation
import ScenarioRunner

/// `adharness trace FILE` and `adharness trace --names`.
enum TraceCommand {
    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            output.line(HelpText.trace)
            return 0
        }
        if arguments == ["--names"] {
            let width = TraceName.all.map(\.rawValue.count).max() ?? 0
            for recorder in TraceName.Recorder.allCases {
                output.line("\(recorder.rawValue):" + (recorder == .glue ? " (the glue's own log: never read by an invariant)" : ""))
                for name in TraceName.all where name.recorder == recorder {
                    output.line("  " + name.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + name.meaning)
                }
            }
            return 0
        }
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            return output.usageError("trace takes exactly one scenario file", help: HelpText.trace)
        }
        let scenario: Scenario
        do { scenario = try Scenario.load(from: URL(fileURLWithPath: path), displayPath: path) } catch {
            output.error("adharness: \(error.description)")
            return 2
        }
        let verdict = ScenarioRunner.run(scenario)
        for event in verdict.trace { output.line(event.description) }
        output.line()
        if verdict.passed {
            output.line("\(output.colored("PASS", .green))  \(scenario.name)")
            return 0
        }
        output.line("\(output.colored("FAIL", .red))  \(scenario.name)")
        output.line(verdict.report)
        return 1
    }
}
