import AdHarness
import Foundation
import Scenarios

/// Where the commands write (standard output and error, with colour only on a terminal, or any two
/// sinks a test gives), and the glues they may run besides the reference glue.
public struct Output: Sendable {
    /// Whether the status words are coloured with ANSI escapes.
    package let usesColor: Bool
    /// The glues `--glue NAME` picks from, by `GlueFactory.name`.
    public private(set) var glues: [GlueFactory] = []
    /// The tool's name as it was invoked (`adharness`, or a team's `my-adharness`): usage, errors and
    /// hints name it so.
    public private(set) var toolName = "adharness"
    /// The executable whose worker processes run `explore`'s and `run`'s runs; `nil` runs them in this process.
    public private(set) var workers: URL?
    /// The rules of a team's that `--rules` and scenario files may name (those the set adds).
    package private(set) var knownRules = RuleSet.standard
    private let out: @Sendable (String) -> Void
    private let err: @Sendable (String) -> Void

    /// Standard output and error, unbuffered; colour only when standard output is a terminal and
    /// `NO_COLOR` is not set.
    public init() {
        usesColor = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        // A reader that went away (`adharness run | head`) is no reason to trap: what it would not
        // read is dropped, and the command runs to its exit code.
        out = { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) }
        err = { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) }
    }

    /// Any two sinks, without colour: what a test of a team's tool reads.
    public init(output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void) {
        usesColor = false
        out = output
        err = errors
    }

    /// The same output, with glues to pick from, for a tool of that name, with its worker executable,
    /// knowing the rules of a team's that `known` adds.
    func with(glues: [GlueFactory], toolName: String?, workers: URL?, knowing known: RuleSet) -> Output {
        var output = self
        output.glues = glues
        output.knownRules = known
        if let toolName, !toolName.isEmpty { output.toolName = toolName }
        output.workers = workers
        return output
    }

    /// A text of the package's (a help, a hint) with the tool named as it was invoked.
    func naming(_ text: String) -> String {
        guard toolName != "adharness" else { return text }
        return text.replacingOccurrences(of: #"(?<![A-Za-z0-9_./-])adharness(?![A-Za-z0-9_-])"#, with: toolName, options: .regularExpression)
    }

    /// Writes a command's help, the tool named as it was invoked.
    func help(_ text: String) { line(naming(text)) }

    /// Writes `TOOL: problem` to standard error.
    func failure(_ problem: String) { error("\(toolName): \(problem)") }

    enum Color: String {
        case green = "32"
        case red = "31"
        case yellow = "33"
        case dim = "2"
    }

    /// Writes a line to standard output at once, unbuffered, so a crash later never swallows it.
    func line(_ text: String = "") { out(text + "\n") }

    func error(_ text: String) { err(text + "\n") }

    func colored(_ text: String, _ color: Color) -> String {
        usesColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Reports an unknown option, suggesting the nearest known one; exit code 2.
    func unknownOption(_ option: String, command: String, known: [String], help: String) -> Int32 {
        let hint = Suggestion.nearest(to: option, in: known).map { "; did you mean \($0)?" } ?? ""
        return usageError("unknown option \(option) for \(command)\(hint)", help: help)
    }

    /// Reports a usage error with the command's help; exit code 2.
    func usageError(_ problem: String, help: String) -> Int32 {
        error("\(toolName): \(problem)\n\n\(naming(help))")
        return 2
    }

    /// The glue a command runs: the one `--glue` names; without one, the tool's only glue, or the
    /// reference glue (`nil`) for a tool with none; a usage problem naming them when it has several.
    func chosenGlue(named name: String?) -> Result<GlueFactory?, GlueNotFound> {
        if let name { return glue(named: name).map { $0 } }
        switch glues.count {
        case 0: return .success(nil)
        case 1: return .success(glues[0])
        default:
            return .failure(GlueNotFound(message: "this tool has several glues (\(glues.map(\.name).joined(separator: ", "))): choose one with --glue NAME"))
        }
    }

    /// The glue named `name`, or the usage problem naming the glues there are.
    func glue(named name: String) -> Result<GlueFactory, GlueNotFound> {
        if let glue = glues.first(where: { $0.name == name }) { return .success(glue) }
        let known = glues.map(\.name)
        let hint = Suggestion.nearest(to: name, in: known).map { "; did you mean \($0)?" } ?? ""
        return .failure(
            GlueNotFound(
                message: known.isEmpty
                    ? "unknown glue \(name): this tool runs only the reference glue (a team's tool names its glues in HarnessCommandLine.main(glues:))"
                    : "unknown glue \(name)\(hint) (this tool has \(known.joined(separator: ", ")))"))
    }
}

/// A `--glue` naming no glue the tool has.
struct GlueNotFound: Error {
    let message: String
}
