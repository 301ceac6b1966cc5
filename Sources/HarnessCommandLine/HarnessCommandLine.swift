// HarnessCommandLine: the adharness command line as a library, one file per command, each owning its
// options and its help, so a team's three-line executable runs every command on its own glues.
//
// Exit codes: 0 all passed, 1 a scenario failed, 2 bad input or usage.
import AdHarness
import Foundation
import ScenarioRunner

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
    public static let version = "adharness 0.10.0 (scenario format 1)"

    /// Runs the command the process was started with, then exits with its code.
    ///
    /// `explore` and `run` run the glue's runs in worker processes of this same executable (it serves
    /// them too), so a glue that traps or hangs is a finding, not a dead tool.
    public static func main(glues: [GlueFactory] = []) -> Never {
        main(glues: glues, knowing: .standard)
    }

    /// Runs the command the process was started with, as ``main(glues:)`` does, for a tool whose
    /// `--rules` and scenario files may name the rules of your own that `rules` adds
    /// (`RuleSet.adding(_:severity:)`); its worker processes know them too.
    ///
    /// ```swift
    /// HarnessCommandLine.main(glues: [GlueFactory(MyConsentGlue.init)], knowing: try RuleSet.standard.adding(NoAdBeforeOnboarding()))
    /// ```
    public static func main(glues: [GlueFactory] = [], knowing rules: RuleSet) -> Never {
        // The command runs on a thread of its own, as a test does, while the main thread serves the
        // main queue: a callback the stand-ins deliver "on another thread" then runs on the thread
        // driving the run (`CallbackThreading`), and one delivered on the main queue finds it served.
        let arguments = Array(CommandLine.arguments.dropFirst())
        let toolName = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }
        if arguments.first == WorkerServer.command {
            Thread.detachNewThread { exit(WorkerServer.serve(glues: glues, knowing: rules)) }
        } else {
            Thread.detachNewThread { exit(run(arguments, glues: glues, knowing: rules, toolName: toolName, workers: executable)) }
        }
        // libdispatch's own loop: a wait for the main queue (after each step of a team's glue) wakes
        // it for a fraction of what a turn of the run loop takes.
        dispatchMain()
    }

    /// Runs a command line (without the tool's name) and returns its exit code; what it prints goes
    /// to `output` (by default standard output and error), naming the tool `toolName` in usage,
    /// errors and hints (by default `adharness`), as a team's tool is invoked. A tool with one glue
    /// runs it by default; one with several asks for `--glue`.
    ///
    /// With `workers`, the executable of a tool made by ``main(glues:)`` over the same glues (the
    /// team's own tool, built), `explore` and `run` run each of the glue's runs in one of its worker
    /// processes, so a glue that traps or hangs is a finding and this process goes on; without it
    /// they run in this process.
    public static func run(
        _ arguments: [String], glues: [GlueFactory] = [], toolName: String? = nil, output: Output = Output(), workers: URL? = nil
    ) -> Int32 {
        run(arguments, glues: glues, knowing: .standard, toolName: toolName, output: output, workers: workers)
    }

    /// Runs a command line as ``run(_:glues:toolName:output:workers:)`` does, for a tool whose
    /// `--rules` and scenario files may name the rules of your own that `rules` adds.
    public static func run(
        _ arguments: [String], glues: [GlueFactory] = [], knowing rules: RuleSet, toolName: String? = nil, output: Output = Output(),
        workers: URL? = nil
    ) -> Int32 {
        let output = output.with(glues: glues, toolName: toolName, workers: workers, knowing: rules)
        let command = Commands.named(arguments.first)
        switch arguments.first {
        case nil:
            return RunCommand.main([], output)
        case "--version":
            // A team's tool is built on this harness's version, not one of its own.
            output.line(output.toolName == "adharness" ? version : "\(output.toolName) (\(version))")
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

    /// The executable `name` built beside the running tests (`swift build` and `swift test` put a
    /// package's executables there), or `nil`: a team's test runs its own tool, or hands it to
    /// ``run(_:glues:toolName:output:workers:)`` as the worker executable.
    public static func builtExecutable(named name: String) -> URL? {
        BuiltExecutable.named(name)
    }

    /// This process's executable, which serves its worker processes.
    private static var executable: URL? {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return URL(fileURLWithPath: path) }
        #endif
        return Bundle.main.executableURL
    }
}
