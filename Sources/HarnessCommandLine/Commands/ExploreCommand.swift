import AdHarness
import Foundation
import ScenarioRunner

/// `adharness explore [SCENARIO.json] [--depth N] [--random RUNS --seed S] [--max-faults N]
/// [--shard K/N] [--out DIR] [--format text|json] [--fail-on failure|warning] [--expect-violation]`.
enum ExploreCommand: Command {
    static let name = "explore"
    static let summary = "Search orders of steps, answers, timings and faults for a broken invariant; shrink it to a fixture."
    static let help = """
        USAGE: adharness explore [SCENARIO.json] [--depth N] [--random RUNS [--seed S]] [--max-faults N]
                                 [--vary-device] [--stop-at-first] [--leave-out LIST] [--shard K/N] [--out DIR]
                                 [--format text|json] [--fail-on failure|warning] [--expect-violation]
                                 [--rules RULES] [--glue NAME] [--watchdog SECONDS] [--in-process]

        Searches, from a starting point, for a run that breaks a rule, at failure or warning: at each step it chooses one
        of launch, onboarding, requestTracking, requestAd, readAdvertisingIdentifier, foreground,
        openPrivacyOptions, relaunch, reinstall, four Settings changes (the app's tracking toggle, the
        system switch) and wait (time moves to the next thing due). Each prompt or form that appears is
        answered each possible way, at once or one second after the app's timeout; each call a fault can
        bend is tried clean and with each fault the real call can suffer, up to --max-faults a run.

        SCENARIO.json is the starting point: device, previous session, app (the reference glue's
        settings and mistakes), user answers and faults it fixes, and steps to run first. Without it:
        a fresh install with the defaults. name, steps and expect may be left out.

        Breadth-first by default (every state within --depth steps, default 6, each explored once, so
        the first violation found is one of the shortest). --random RUNS makes that many random walks of
        up to --depth steps (default 20) from --seed (default 1); the same seed gives the same walks.
        --shard K/N runs part K of N of the same search, for a CI matrix. --vary-device also starts
        from OS 27.2, 18.0, 17.4, 14.4 and 13.7 and each consent region, where SCENARIO.json leaves them
        out, an EEA device on 27.2 in France (the full-page sheet) and in Spain (as many times the work). The search goes on to find the shortest run breaking each invariant,
        and a run that breaks one goes on too, so the bugs behind a first one are found; --stop-at-first
        ends each run at its first violation and the search with the first level (or batch of walks)
        where one breaks. --leave-out skips answers and fault kinds, comma-separated: leaveApp or
        additionalInformation (the tracking prompt; the second only where the OS shows the 27.2 sheet),
        dismiss (a consent form), never, twice, otherThread, delay, appInactive, or an error such as network.

        The search looks for every rule the runs are checked by that is not off, failures and warnings
        alike, and keeps the shortest run breaking each, at its severity. Each is shrunk (fewer steps,
        faults and answers, default settings) while it breaks the same rule, and printed with its trace;
        --out DIR writes it as a fixture that `adharness run` replays: it scripts every answer, and fails
        until the bug is fixed (a warning's fixture expects no warning), then passes; with
        --expect-violation it expects the finding instead. A counterexample found under --rules is
        written with them, so the fixture replays the same way.
        \(CommandOption<Settings>.failOnHelp)
        \(CommandOption<Settings>.rulesHelp)
        \(CommandOption<Settings>.glueHelp)
        \(CommandOption<Settings>.isolationHelp)
        A crash or a hang is shrunk and written as any finding is (candidates run in workers too), and the
        search goes on past it: the runs that do not crash are all explored. Each shrinking candidate that
        hangs costs the watchdog's bound.
        Exit codes: 0 nothing failed within the bounds (and, with --fail-on warning, nothing warned),
        1 a counterexample at that level was found, 2 bad input or usage.
        """

    struct Settings {
        var path: String?
        var bounds = ExplorationBounds()
        var depthGiven = false
        var walks: Int?
        var seed: UInt64 = 1
        var shard: ExplorationShard?
        var out: String?
        var json = false
        var expectsViolation = false
        var rules: RuleSet?
        var glueName: String?
        var failOn = RuleSeverity.failure
        var isolation = Isolation()
    }

    static let defaults = Settings()

    static let options: [CommandOption<Settings>] =
        [
            .value("--depth") { settings, text in
                count(text, "--depth", minimum: 1) {
                    settings.bounds.depth = $0
                    settings.depthGiven = true
                }
            },
            .value("--random") { settings, text in count(text, "--random", minimum: 1) { settings.walks = $0 } },
            .value("--seed") { settings, text in
                guard let value = text.flatMap({ UInt64($0) }) else { return "--seed takes a whole number from 0 to \(UInt64.max)" }
                settings.seed = value
                return nil
            },
            .value("--max-faults") { settings, text in count(text, "--max-faults", minimum: 0) { settings.bounds.maxFaults = $0 } },
            .flag("--vary-device") { $0.bounds.variesDevice = true },
            .flag("--stop-at-first") { $0.bounds.stopAtFirstViolation = true },
            .value("--leave-out") { settings, text in
                guard let text, !text.isEmpty else { return "--leave-out takes answers and fault kinds, comma-separated, such as dismiss,never" }
                // ",," or "dismiss," leaves nothing out where a name was meant: refused, not read as fewer names.
                let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                let known = ExplorationBounds.leavableNames
                if names.contains("") {
                    return "--leave-out: expected a name between each pair of commas, found an empty one in \"\(text)\""
                }
                if let unknown = names.first(where: { !known.contains($0) }) {
                    return "--leave-out: unknown answer or fault kind \(unknown); expected some of \(known.sorted().joined(separator: ", "))"
                }
                settings.bounds.leftOut.formUnion(names)
                return nil
            },
            .value("--shard") { settings, text in
                guard let value = text.flatMap({ ExplorationShard($0) }) else { return "--shard takes K/N with 1 <= K <= N, such as 2/4" }
                settings.shard = value
                return nil
            },
            .value("--out") { settings, text in
                guard let text, !text.isEmpty else { return "--out takes a folder" }
                settings.out = text
                return nil
            },
            .value("--format") { settings, text in
                switch text {
                case "json": settings.json = true
                case "text": settings.json = false
                default: return "--format takes text or json"
                }
                return nil
            },
            .flag("--expect-violation") { $0.expectsViolation = true },
            .failOn { $0.failOn = $1 },
            .rules { $0.rules = $1 },
            .glue { $0.glueName = $1 },
        ] + CommandOption<Settings>.isolation(\.isolation)

    /// Reads a whole number of at least `minimum` and hands it to `set`; returns the problem otherwise.
    private static func count(_ text: String?, _ flag: String, minimum: Int, _ set: (Int) -> Void) -> String? {
        guard let value = text.flatMap({ Int($0) }), value >= minimum else { return "\(flag) takes a whole number of at least \(minimum)" }
        set(value)
        return nil
    }

    static func argument(_ argument: String, into settings: inout Settings) -> String? {
        guard settings.path == nil else { return "explore takes at most one scenario file" }
        settings.path = argument
        return nil
    }

    /// The deepest breadth-first search a command runs: each level multiplies the work by the
    /// choices at a step (tens), so past a dozen levels a search would not end in a lifetime.
    static let maximumBreadthFirstDepth = 12

    static func validate(_ options: inout Settings) -> String? {
        if let problem = options.isolation.problem { return problem }
        if options.walks != nil && !options.depthGiven { options.bounds.depth = 20 }
        // Each breadth-first level multiplies the work by the choices at a step (tens): past a
        // dozen levels a search would not end in a lifetime, so it is refused rather than hung.
        if options.walks == nil && options.bounds.depth > maximumBreadthFirstDepth {
            return "--depth takes at most \(maximumBreadthFirstDepth) for a breadth-first search (each level multiplies the work); use --random for longer runs"
        }
        if options.walks != nil && options.bounds.depth > 10_000 {
            return "--depth takes at most 10000 for --random walks"
        }
        if options.walks == nil && options.seed != 1 {
            return "--seed applies to --random walks"
        }
        return nil
    }

    static func run(_ options: Settings, _ output: Output) -> Int32 {
        let glue: GlueFactory?
        switch output.chosenGlue(named: options.glueName) {
        case .success(let chosen): glue = chosen
        case .failure(let problem): return output.usageError(problem.message, help: help)
        }
        var explorer: Explorer
        do {
            explorer =
                if let path = options.path {
                    try Explorer(
                        glue: glue, startingPointFile: URL(fileURLWithPath: path), bounds: options.bounds, rules: options.rules, knowing: output.knownRules)
                } else {
                    try Explorer(glue: glue, bounds: options.bounds, rules: options.rules)
                }
        } catch {
            output.failure("\(error.description)")
            return 2
        }
        // Checked before the search: a search of an hour must not end in a folder it cannot write.
        if let out = options.out, let problem = unwritableFolder(out) {
            output.failure(problem)
            return 2
        }
        explorer.expectsViolation = options.expectsViolation
        explorer.workers = options.isolation.workers(output)
        let progress = Progress(enabled: !options.json && isatty(STDERR_FILENO) == 1)
        let report =
            if let walks = options.walks {
                explorer.randomWalks(walks, seed: options.seed, shard: options.shard, progress: progress.show)
            } else {
                explorer.breadthFirst(shard: options.shard, progress: progress.show)
            }
        progress.clear()
        if let problem = report.problem {
            output.failure(problem)
            return 2
        }
        var written: [String?] = report.findings.map { _ in nil }
        var unwritten: String?
        if let out = options.out {
            for (index, counterexample) in report.findings.enumerated() {
                do { written[index] = try write(counterexample, to: out) } catch {
                    unwritten = "cannot write the counterexample to \(out): \(unwritableFolder(out) ?? "\(error)"); it is printed above instead"
                    break
                }
            }
        }
        // What the search found is printed even when it could not be written: a fixture not written
        // is printed whole, so no counterexample is lost.
        if options.json {
            output.line(json(report, start: options.path, written: written))
        } else {
            text(report, start: options.path, glue: glue?.name, written: written, output)
        }
        if let unwritten {
            output.failure(unwritten)
            return 2
        }
        return report.passes(failOn: options.failOn) ? 0 : 1
    }

    private static func text(_ report: ExplorationReport, start: String?, glue: String?, written: [String?], _ output: Output) {
        if let glue {
            output.line("explored \(glue) from \(start ?? "the defaults (a fresh install)")")
        } else {
            output.line("explored from \(start ?? "the defaults (a fresh install, the reference glue)")")
        }
        for (counterexample, file) in zip(report.findings, written) {
            let word = counterexample.severity == .warning ? output.colored("WARNING", .yellow) : output.colored("FOUND", .red)
            output.line("\(word)  \(counterexample.report)")
            if let file {
                // A tool over several glues runs a file only with the glue named, as this search did.
                output.line("written to \(file); replay it with: \(output.toolName) run \(file)" + (glue.map { " --glue \($0)" } ?? ""))
            } else {
                output.line("fixture (write it with --out DIR):")
                output.line(counterexample.fixture)
            }
        }
        if report.findings.isEmpty { output.line("\(output.colored("NOTHING BROKE", .green)) within the bounds") }
        output.line(report.findingsLine)
        output.line(report.summary)
    }

    private static func json(_ report: ExplorationReport, start: String?, written: [String?]) -> String {
        struct Summary: Encodable {
            let start: String?
            let mode: String
            let executions, stepsWithoutReplay, distinctStates, depthReached, workersLost: Int
            let seconds, executionsPerSecond, statesPerSecond, shrinkingSeconds: Double
            let failures, warnings: Int
            /// The failures, as before warnings were searched; ``findings`` has every rule broken.
            let counterexamples, findings: [Found]
        }
        struct Found: Encodable {
            let invariant: String
            let severity: String
            let steps, choices, trace: [String]
            let stepsBeforeShrinking: Int
            let file: String?
            let fixture: String
        }
        let figures = report.statistics
        let found = zip(report.findings, written).map { counterexample, file in
            Found(
                invariant: counterexample.rule.rawValue, severity: counterexample.severity.rawValue, steps: counterexample.steps,
                choices: counterexample.choices,
                trace: counterexample.finding.traceSoFar.map(\.description),
                stepsBeforeShrinking: counterexample.stepsBeforeShrinking, file: file, fixture: counterexample.fixture
            )
        }
        let summary = Summary(
            start: start, mode: report.mode, executions: figures.executions, stepsWithoutReplay: figures.stepsWithoutReplay,
            distinctStates: figures.distinctStates,
            depthReached: figures.depthReached, workersLost: figures.workersLost, seconds: figures.seconds, executionsPerSecond: figures.runsPerSecond,
            statesPerSecond: figures.distinctStatesPerSecond, shrinkingSeconds: report.shrinkingSeconds, failures: report.counterexamples.count,
            warnings: report.warnings.count, counterexamples: found.filter { $0.severity == RuleSeverity.failure.rawValue }, findings: found
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(summary)) ?? Data(), as: UTF8.self)
    }

    /// Writes the fixture as `DIR/explore-<rule>.json` (numbered if taken); returns the path.
    /// Why `--out DIR` cannot take counterexamples, if it cannot: `DIR`, or the nearest folder
    /// above it that exists (the rest is created), must be a folder this process may write in.
    static func unwritableFolder(_ directory: String) -> String? {
        var path = directory
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            let parent = (path as NSString).deletingLastPathComponent
            path = parent.isEmpty ? "." : parent
        }
        let named = path == directory ? "" : " (the nearest existing part of it is \(path))"
        if !isFolder.boolValue {
            return "--out \(directory): expected a folder to write counterexamples in, found a file\(named)"
        }
        if access(path, W_OK | X_OK) != 0 {
            return "--out \(directory): expected a folder this user may write in, found one it may not\(named)"
        }
        return nil
    }

    private static func write(_ counterexample: Counterexample, to directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var path = "\(directory)/explore-\(counterexample.rule.rawValue).json"
        var number = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(directory)/explore-\(counterexample.rule.rawValue)-\(number).json"
            number += 1
        }
        try Data(counterexample.fixture.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A progress line on a terminal, rewritten in place.
    struct Progress {
        let enabled: Bool

        func show(_ figures: ExplorationStatistics) {
            guard enabled else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K\(figures.progressLine)".utf8))
        }

        func clear() {
            if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}
