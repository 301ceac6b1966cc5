// HarnessCommandLine: the adharness command line as a library, one file per command, each owning its
// options and its help, so a team's three-line executable runs every command on its own glues.
//
// Exit codes: 0 all passed, 1 a scenario failed, 2 bad input or usage.
import AdHarness
import Foundation

/// The command line: `adharness` is `HarnessCommandLine.main()`, and a team's own tool is the same
/// call with its glues, which `run`, `trace` and `explore` then take by name (`--glue NAME`).
///
/// ```swift
/// // Sources/my-adharness/main.swift, in the team's package
/// import HarnessCommandLine
/// import MyAppConsent
/// HarnessCommandLine.main(glues: [GlueFactory(MyConsentGlue.init)])
/// ```
public enum HarnessCommandLine {
    /// The tool's version, and the scenario format it reads.
    public static let version = "adharness 0.8.0 (scenario format 1)"

    /// Runs the command the process was started with, then exits with its code.
    public static func main(glues: [GlueFactory] = []) -> Never {
        // The command runs on a thread of its own, as a test does, while the main thread serves the
        // main queue: a callback the stand-ins deliver "on another thread" then runs on the thread
        // driving the run (`CallbackThreading`), and one delivered on the main queue finds it served.
        let arguments = Array(CommandLine.arguments.dropFirst())
        let toolName = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }
        Thread.detachNewThread { exit(run(arguments, glues: glues, toolName: toolName)) }
        while true { RunLoop.main.run() }
    }

    /// Runs a command line (without the tool's name) and returns its exit code; what it prints goes
    /// to `output` (by default standard output and error), naming the tool `toolName` in usage,
    /// errors and hints (by default `adharness`), as a team's tool is invoked. A tool with one glue
    /// runs it by default; one with several asks for `--glue`.
    public static func run(_ arguments: [String], glues: [GlueFactory] = [], toolName: String? = nil, output: Output = Output()) -> Int32 {
        let output = output.with(glues: glues, toolName: toolName)
        let command = Commands.named(arguments.first)
        switch arguments.first {
        case nil:
            return RunCommand.main([], output)
        case "--version":
            output.line(output.naming(version))
            return 0
        case "--help", "-h":
            return HelpCommand.main(Array(arguments.dropFirst()), output)
        case let first? where first.hasPrefix("-"):
            return output.unknownOption(first, command: output.toolName, known: ["--help", "--version"], help: HelpCommand.overview)
        case _ where command != nil:
            return command!.main(Array(arguments.dropFirst()), output)
        case let first?:
            // Anything else is a path for `run`, unless it is no file and looks like a mistyped command.
            if !FileManager.default.fileExists(atPath: first), !first.contains("/"), !first.contains("."),
                let name = Suggestion.nearest(to: first, in: Commands.all.map(\.name).sorted())
            {
                return output.usageError("unknown command \(first); did you mean \(name)?", help: HelpCommand.overview)
            } else if !FileManager.default.fileExists(atPath: first), !first.contains("/"), !first.contains(".") {
                return output.usageError("unknown command \(first), and no file or folder of that name", help: HelpCommand.overview)
            }
            return RunCommand.main(arguments, output)
        }
    }
}
