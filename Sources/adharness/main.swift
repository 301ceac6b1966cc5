// adharness: the command line, one file per command, each owning its options and its help.
//
// Exit codes: 0 all passed, 1 a scenario failed, 2 bad input or usage.
import Foundation

/// The tool's version, and the scenario format it reads.
let version = "adharness 0.8.0 (scenario format 1)"

let arguments = Array(CommandLine.arguments.dropFirst())
let output = Output()
let command = Commands.named(arguments.first)
let code: Int32 = switch arguments.first {
case nil:
    RunCommand.main([], output)
case "--version":
    { output.line(version); return 0 }()
case "--help", "-h":
    HelpCommand.main(Array(arguments.dropFirst()), output)
case let first? where first.hasPrefix("-"):
    output.unknownOption(first, command: "adharness", known: ["--help", "--version"], help: HelpCommand.overview)
case _ where command != nil:
    command!.main(Array(arguments.dropFirst()), output)
case let first?:
    // Anything else is a path for `run`, unless it is no file and looks like a mistyped command.
    if !FileManager.default.fileExists(atPath: first), !first.contains("/"), !first.contains("."),
       let name = Suggestion.nearest(to: first, in: Commands.all.map(\.name).sorted()) {
        output.usageError("unknown command \(first); did you mean \(name)?", help: HelpCommand.overview)
    } else if !FileManager.default.fileExists(atPath: first), !first.contains("/"), !first.contains(".") {
        output.usageError("unknown command \(first), and no file or folder of that name", help: HelpCommand.overview)
    } else {
        RunCommand.main(arguments, output)
    }
}
exit(code)
