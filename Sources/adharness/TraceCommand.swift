import AdHarness
import Foundation
import ScenarioRunner

/// `adharness trace FILE [--format text|json|mermaid]` and `adharness trace --names`.
enum TraceCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, json, mermaid
    }

    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        if arguments == ["--names"] {
            names(output)
            return 0
        }
        var format = Format.text
        var paths: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                output.line(HelpText.trace)
                return 0
            case "--format":
                guard let value = remaining.popFirst().flatMap(Format.init(rawValue:)) else {
                    return output.usageError("--format takes text, json or mermaid", help: HelpText.trace)
                }
                format = value
            case "--names":
                return output.usageError("--names takes no file and no other option", help: HelpText.trace)
            case let option where option.hasPrefix("-"):
                let known = ["--format", "--names", "--help"]
                return output.unknownOption(option, command: "trace", known: known, help: HelpText.trace)
            default:
                paths.append(argument)
            }
        }
        guard paths.count == 1, let path = paths.first else {
            return output.usageError("trace takes exactly one scenario file", help: HelpText.trace)
        }
        let result = ScenarioResult.run(ScenarioFile(url: URL(fileURLWithPath: path), displayPath: path))
        guard let verdict = result.verdict else {
            output.error("adharness: \(result.error?.description ?? path)")
            return 2
        }
        switch format {
        case .text: text(verdict, output)
        case .json: output.line(JSONReport.json(for: result))
        case .mermaid: output.line(MermaidDiagram.sequence(for: verdict))
        }
        return verdict.passed ? 0 : 1
    }

    /// Every event, then the verdict, as people read it.
    private static func text(_ verdict: ScenarioVerdict, _ output: Output) {
        for event in verdict.trace { output.line(event.description) }
        output.line()
        if verdict.passed {
            output.line("\(output.colored("PASS", .green))  \(verdict.name)")
        } else {
            output.line("\(output.colored("FAIL", .red))  \(verdict.name)")
            output.line(verdict.report)
        }
    }

    /// Every trace event name, grouped by who records it, with its meaning.
    private static func names(_ output: Output) {
        let width = TraceName.all.map(\.rawValue.count).max() ?? 0
        for recorder in TraceName.Recorder.allCases {
            output.line("\(recorder.rawValue):" + (recorder == .glue ? " (the glue's own log: never read by an invariant)" : ""))
            for name in TraceName.all where name.recorder == recorder {
                output.line("  " + name.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + name.meaning)
            }
        }
    }
}
