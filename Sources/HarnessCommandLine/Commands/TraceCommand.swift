import AdHarness
import Foundation
import ScenarioRunner
import StandInRuntime

/// `adharness trace FILE [--format text|json|mermaid] [--fail-on failure|warning]` and `adharness trace --names`.
enum TraceCommand: Command {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, json, mermaid
    }

    static let name = "trace"
    static let summary = "Run one scenario and print its trace: as text, as JSON, or as a Mermaid sequence diagram."
    static let help = """
        USAGE: adharness trace FILE [--format text|json|mermaid] [--fail-on failure|warning] [--rules RULES] [--glue NAME]
                               [--watchdog SECONDS] [--in-process]
               adharness trace --names

        Runs one scenario and prints its run.
          text     (default) its trace, one event a line, then its verdict.
          json     its verdict and trace as one JSON object, as in `run --format json`.
          mermaid  a Mermaid sequence diagram: User, OS, App glue, Consent SDK and Ad SDK; prompts,
                   answers, callbacks, ad requests with their npa, the glue's decisions, virtual time,
                   and the event that broke an invariant highlighted. Paste it in a ```mermaid block.
        With --names, prints every trace event name and its meaning instead.
        \(CommandOption<Settings>.failOnHelp)
        \(CommandOption<Settings>.rulesHelp)
        \(CommandOption<Settings>.glueHelp)
        \(CommandOption<Settings>.isolationHelp)
        The trace and the verdict are those `run` gives the same file, in the same kind of process.
        Exit codes: 0 passed, 1 failed (or warned, with --fail-on warning), 2 bad input or usage.
        """

    struct Settings {
        var format = Format.text
        var paths: [String] = []
        var names = false
        var rules: RuleSet?
        var glueName: String?
        var failOn = RuleSeverity.failure
        var isolation = Isolation()
    }

    static let defaults = Settings()

    static let options: [CommandOption<Settings>] =
        [
            .choice("--format", "--format takes text, json or mermaid") { $0.format = $1 },
            .failOn { $0.failOn = $1 },
            .rules { $0.rules = $1 },
            .glue { $0.glueName = $1 },
            // Alone, it lists the names instead of running a scenario (see `main`).
            .flag("--names") { _ in .refuse("--names takes no file and no other option") },
        ] + CommandOption<Settings>.isolation(\.isolation)

    static func argument(_ argument: String, into settings: inout Settings) -> String? {
        settings.paths.append(argument)
        return nil
    }

    static func validate(_ settings: inout Settings) -> String? {
        settings.paths.count == 1 ? settings.isolation.problem : "trace takes exactly one scenario file"
    }

    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        guard arguments == ["--names"] else { return parseAndRun(arguments, output) }
        names(output)
        return 0
    }

    static func run(_ settings: Settings, _ output: Output) -> Int32 {
        let path = settings.paths[0]
        let format = settings.format
        let glue: GlueFactory?
        switch output.chosenGlue(named: settings.glueName) {
        case .success(let chosen): glue = chosen
        case .failure(let problem): return output.usageError(problem.message, help: help)
        }
        let file = ScenarioFile(url: URL(fileURLWithPath: path), displayPath: path)
        // In a worker process of the tool, as `run` runs it, unless --in-process or there is none.
        let result: ScenarioResult
        if let workers = settings.isolation.workers(output) {
            let pool: WorkerPool
            do { pool = try WorkerPool.forScenarios(workers, glue: glue, knowing: output.knownRules) } catch {
                output.failure("\(error)")
                return 2
            }
            defer { pool.shutDown() }
            result = pool.result(of: file, glue: glue, rules: settings.rules, knowing: output.knownRules, failOn: settings.failOn)
        } else {
            result = ScenarioResult.run(file, glue: glue, rules: settings.rules, knowing: output.knownRules, failOn: settings.failOn)
        }
        guard let verdict = result.verdict else {
            output.failure("\(result.error?.description ?? path)")
            return 2
        }
        switch format {
        case .text: text(verdict, passed: result.status == .pass, output)
        case .json: output.line(JSONReport.json(for: result))
        case .mermaid: output.line(MermaidDiagram.sequence(for: verdict))
        }
        return result.status == .pass ? 0 : 1
    }

    /// Every event, then the verdict, as people read it.
    private static func text(_ verdict: ScenarioVerdict, passed: Bool, _ output: Output) {
        for line in TraceEvent.textLines(verdict.trace) { output.line(String(line.dropFirst(4))) }
        output.line()
        guard passed else {
            // The report names the warnings too.
            output.line("\(output.colored("FAIL", .red))  \(TextReport.oneLine(verdict.name))")
            output.line(verdict.report)
            return
        }
        output.line("\(output.colored("PASS", .green))  \(TextReport.oneLine(verdict.name))")
        let warnings = verdict.unexpectedWarnings
        for warning in warnings {
            output.line("\(output.colored("warning:", .yellow)) \(warning.summary)")
        }
        if !warnings.isEmpty {
            let rules = warnings.map(\.rule.rawValue).joined(separator: ", ")
            output.line("nothing failed; \(warnings.count) warning\(warnings.count == 1 ? "" : "s"): \(rules)")
        }
    }

    /// Every trace event name, grouped by who records it, with its meaning.
    private static func names(_ output: Output) {
        let width = TraceName.everyName.map(\.rawValue.count).max() ?? 0
        for recorder in TraceName.Recorder.allCases {
            output.line("\(recorder.rawValue):" + (recorder == .glue ? " (the glue's own log: never read by an invariant)" : ""))
            for name in TraceName.everyName where name.recordedBy == recorder {
                output.line("  " + name.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + name.oneLineMeaning)
            }
        }
    }
}
