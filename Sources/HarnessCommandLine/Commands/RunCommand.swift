import AdHarness
import Foundation
import ScenarioRunner

/// `adharness run [--format text|junit|json] [--fail-on failure|warning] [PATH...]`.
enum RunCommand: Command {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, junit, json
    }

    static let name = "run"
    static let summary = "Run scenarios (the default command); PATHs are files or folders, default the bundled Fixtures/."
    static let help = """
        USAGE: adharness run [--format text|junit|json] [--fail-on failure|warning] [--rules RULES] [--glue NAME]
                             [--watchdog SECONDS] [--in-process] [PATH...]

        Runs every scenario (.json or .JSON, except *.schema.json) in the given files and folders,
        default the bundled Fixtures/.
          text   (default) a line per scenario, written as soon as it is known, a difference for each
                 failure, a line for each warning, and `N passed, N failed; N warnings: RULES`.
          junit  JUnit XML for CI: a test case per file (classname: the file), a <failure> with expected
                 vs actual and the trace, an <error> for a file that could not be read, warnings in
                 <system-out> (in the <failure> with --fail-on warning). No times.
          json   {"results": [...], "summary": {...}}: per file its status (pass, fail, bad), mismatches,
                 failure, violations, warnings and trace; the summary counts warnings too.
        \(CommandOption<Settings>.failOnHelp)
        \(CommandOption<Settings>.rulesHelp)
        \(CommandOption<Settings>.glueHelp)
        \(CommandOption<Settings>.isolationHelp)
        A scenario whose run crashes or hangs fails with that finding (its expect.crash may name trap or
        watchdog), and the other files still run; the tool never dies with the glue.
        Exit codes: 0 all passed, 1 a scenario failed (or warned, with --fail-on warning), 2 a file could
        not be read or decoded.
        """

    struct Settings {
        var format = Format.text
        var paths: [String] = []
        var rules: RuleSet?
        var glueName: String?
        var failOn = RuleSeverity.failure
        var isolation = Isolation()
    }

    static let defaults = Settings()

    static let options: [CommandOption<Settings>] =
        [
            .choice("--format", "--format takes text, junit or json") { $0.format = $1 },
            .failOn { $0.failOn = $1 },
            .rules { $0.rules = $1 },
            .glue { $0.glueName = $1 },
        ] + CommandOption<Settings>.isolation(\.isolation)

    static func argument(_ argument: String, into settings: inout Settings) -> String? {
        settings.paths.append(argument)
        return nil
    }

    static func validate(_ settings: inout Settings) -> String? { settings.isolation.problem }

    static func run(_ settings: Settings, _ output: Output) -> Int32 {
        var paths = settings.paths
        let format = settings.format
        let glue: GlueFactory?
        switch output.chosenGlue(named: settings.glueName) {
        case .success(let chosen): glue = chosen
        case .failure(let problem): return output.usageError(problem.message, help: help)
        }
        let files: [ScenarioFile]
        if paths.isEmpty {
            // The bundled scenarios read as `Fixtures/...` wherever they are installed.
            do {
                // Another glue runs the bundled scenarios it can: those for any glue, under its rules.
                let bundled =
                    glue == nil
                    ? try ScenarioFile.bundled(for: .referenceGlue)
                    : try ScenarioFile.bundled(for: .anyGlue, rules: settings.rules ?? .standard)
                files = bundled.map { ScenarioFile(url: $0.url, displayPath: "Fixtures/" + $0.displayPath) }
            } catch {
                output.failure("\(error.description)")
                return 2
            }
            paths = ["Fixtures"]
        } else {
            do { files = try FixtureFiles.scenarioFiles(in: paths).map { ScenarioFile(url: $0, displayPath: displayPath($0)) } } catch {
                return output.usageError(error.description, help: help)
            }
        }
        guard !files.isEmpty else {
            output.failure("no scenario files in \(paths.joined(separator: ", "))")
            return 2
        }
        // Each file runs in a worker process of the tool, unless --in-process or there is none.
        var pool: WorkerPool?
        if let workers = settings.isolation.workers(output) {
            do { pool = try WorkerPool.forScenarios(workers, glue: glue, knowing: output.knownRules) } catch {
                output.failure("\(error)")
                return 2
            }
        }
        defer { pool?.shutDown() }
        let (rules, failOn, workers, known) = (settings.rules, settings.failOn, pool, output.knownRules)
        let run: @Sendable (ScenarioFile) -> ScenarioResult = { file in
            workers?.result(of: file, glue: glue, rules: rules, knowing: known, failOn: failOn)
                ?? ScenarioResult.run(file, glue: glue, rules: rules, knowing: known, failOn: failOn)
        }
        // Workers run the files side by side, one worker per core: a hang costs its own worker's
        // watchdog while the others go on. In process, the files run one after another.
        let report = TextReport(usesColor: output.usesColor)
        let results = InOrder.map(files, parallelism: pool == nil ? 1 : ProcessInfo.processInfo.activeProcessorCount, run) { result in
            // Each line goes out as soon as its scenario and those before it are known, so a crash later keeps it.
            if format == .text { output.line(report.lines(for: result)) }
        }
        switch format {
        case .text:
            if let pool, pool.lost > 0 { output.line(pool.lossSummary) }
            output.line(report.summary(RunSummary(results)))
        case .junit: output.line(JUnitReport().xml(for: results))
        case .json: output.line(JSONReport.json(for: results))
        }
        return RunSummary(results).exitCode
    }

    /// The path relative to the working directory when it is inside it.
    static func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(cwd) ? String(url.path.dropFirst(cwd.count)) : url.path
    }
}
