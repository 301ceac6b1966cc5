import Foundation

// adharness: runs scenario fixtures, prints the decision table and traces, and benchmarks the runner.
// Exit codes: 0 all passed, 1 a scenario failed, 2 bad input or usage.
let arguments = Array(CommandLine.arguments.dropFirst())
let output = Output()
let code: Int32 = switch arguments.first {
case nil: RunCommand.main([], output)
case "run": RunCommand.main(Array(arguments.dropFirst()), output)
case "table": TableCommand.main(Array(arguments.dropFirst()), output)
case "trace": TraceCommand.main(Array(arguments.dropFirst()), output)
case "invariants": InvariantsCommand.main(Array(arguments.dropFirst()), output)
case "explore": ExploreCommand.main(Array(arguments.dropFirst()), output)
case "bench": BenchCommand.main(Array(arguments.dropFirst()), output)
case "fuzz": FuzzCommand.main(Array(arguments.dropFirst()), output)
case "help", "--help", "-h": HelpCommand.main(Array(arguments.dropFirst()), output)
case let first? where first.hasPrefix("-"): output.usageError("unknown option \(first)", help: HelpText.overview)
default: RunCommand.main(arguments, output)
}
exit(code)
