import Foundation

// adharness: runs scenario fixtures, prints the decision table and traces, explores, fuzzes and
// benchmarks the runner.
// Exit codes: 0 all passed, 1 a scenario failed, 2 bad input or usage.

/// The tool's version, and the scenario format it reads.
let version = "adharness 0.8.0 (scenario format 1)"

let commands: [String: ([String], Output) -> Int32] = [
    "run": RunCommand.main, "table": TableCommand.main, "trace": TraceCommand.main, "invariants": InvariantsCommand.main,
    "explore": ExploreCommand.main, "bench": BenchCommand.main, "fuzz": FuzzCommand.main, "contracts": ContractsCommand.main,
    "tcf": TCFCommand.main, "lint": LintCommand.main, "help": HelpCommand.main,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let output = Output()
let code: Int32 = switch arguments.first {
case nil:
    RunCommand.main([], output)
case "--version":
    { output.line(version); return 0 }()
case "--help", "-h":
    HelpCommand.main(Array(arguments.dropFirst()), output)
case let first? where first.hasPrefix("-"):
    output.unknownOption(first, command: "adharness", known: ["--help", "--version"], help: HelpText.overview)
case let name? where commands[name] != nil:
    commands[name]!(Array(arguments.dropFirst()), output)
case let first?:
    // Anything else is a path for `run`, unless it is no file and looks like a mistyped command.
    if !FileManager.default.fileExists(atPath: first), !first.contains("/"), !first.contains("."),
       let command = Suggestion.nearest(to: first, in: commands.keys.sorted()) {
        output.usageError("unknown command \(first); did you mean \(command)?", help: HelpText.overview)
    } else if !FileManager.default.fileExists(atPath: first), !first.contains("/"), !first.contains(".") {
        output.usageError("unknown command \(first), and no file or folder of that name", help: HelpText.overview)
    } else {
        RunCommand.main(arguments, output)
    }
}
exit(code)
