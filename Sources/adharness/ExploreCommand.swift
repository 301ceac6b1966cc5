import AdHarness
import Foundation
import ScenarioRunner

/// `adharness explore [SCENARIO.json] [--depth N] [--random RUNS --seed S] [--max-faults N]
/// [--shard K/N] [--out DIR] [--format text|json] [--expect-violation]`.
enum ExploreCommand {
    /// Every option, for "did you mean" hints.
    static let options = [
        "--depth", "--random", "--seed", "--max-faults", "--vary-device", "--stop-at-first", "--shard", "--out", "--format",
        "--expect-violation", "--help",
    ]

    struct Options {
        var path: String?
        var bounds = ExplorationBounds()
        var depthGiven = false
        var walks: Int?
        var seed: UInt64 = 1
        var shard: ExplorationShard?
        var out: String?
        var json = false
        var expectsViolation = false
    }

    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let problem):
            if problem.message == "help" {
                output.line(HelpText.explore)
                return 0
            }
            return output.usageError(problem.message, help: HelpText.explore)
        }
        var explorer: Explorer
        do {
            explorer = if let path = options.path {
                try Explorer(startingPointFile: URL(fileURLWithPath: path), bounds: options.bounds)
            } else {
                try Explorer(bounds: options.bounds)
            }
        } catch {
            output.error("adharness: \(error.description)")
            return 2
        }
        explorer.expectsViolation = options.expectsViolation
        let progress = Progress(enabled: !options.json && isatty(STDERR_FILENO) == 1)
        let report = if let walks = options.walks {
            explorer.randomWalks(walks, seed: options.seed, shard: options.shard, progress: progress.show)
        } else {
            explorer.breadthFirst(shard: options.shard, progress: progress.show)
        }
        progress.clear()
        var written: [String?] = report.counterexamples.map { _ in nil }
        if let out = options.out {
            for (index, counterexample) in report.counterexamples.enumerated() {
                do { written[index] = try write(counterexample, to: out) } catch {
                    output.error("adharness: cannot write the counterexample to \(out): \(error.localizedDescription)")
                    return 2
                }
            }
        }
        if options.json {
            output.line(json(report, start: options.path, written: written))
        } else {
            text(report, start: options.path, written: written, output)
        }
        return report.passed ? 0 : 1
    }

    private static func text(_ report: ExplorationReport, start: String?, written: [String?], _ output: Output) {
        output.line("explored from \(start ?? "the defaults (a fresh install, the reference glue)")")
        for (counterexample, file) in zip(report.counterexamples, written) {
            output.line("\(output.colored("FOUND", .red))  \(counterexample.report)")
            if let file {
                output.line("written to \(file); replay it with: adharness run \(file)")
            } else {
                output.line("fixture (write it with --out DIR):")
                output.line(counterexample.fixture)
            }
        }
        if report.passed { output.line("\(output.colored("NOTHING BROKE", .green)) within the bounds") }
        output.line(report.summary)
    }

    private static func json(_ report: ExplorationReport, start: String?, written: [String?]) -> String {
        struct Summary: Encodable {
            let start: String?
            let mode: String
            let executions, distinctStates, depthReached: Int
            let seconds, executionsPerSecond, statesPerSecond, shrinkingSeconds: Double
            let counterexamples: [Found]
        }
        struct Found: Encodable {
            let invariant: String
            let steps, choices, trace: [String]
            let stepsBeforeShrinking: Int
            let file: String?
            let fixture: String
        }
        let figures = report.statistics
        let found = zip(report.counterexamples, written).map { counterexample, file in
            Found(
                invariant: counterexample.invariant.rawValue, steps: counterexample.steps, choices: counterexample.choices,
                trace: counterexample.violation.traceSoFar.map(\.description),
                stepsBeforeShrinking: counterexample.stepsBeforeShrinking, file: file, fixture: counterexample.fixture
            )
        }
        let summary = Summary(
            start: start, mode: report.mode, executions: figures.executions, distinctStates: figures.distinctStates,
            depthReached: figures.depthReached, seconds: figures.seconds, executionsPerSecond: figures.executionsPerSecond,
            statesPerSecond: figures.statesPerSecond, shrinkingSeconds: report.shrinkingSeconds, counterexamples: found
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(summary)) ?? Data(), as: UTF8.self)
    }

    /// Writes the fixture as `DIR/explore-<invariant>.json` (numbered if taken); returns the path.
    private static func write(_ counterexample: Counterexample, to directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var path = "\(directory)/explore-\(counterexample.invariant.rawValue).json"
        var number = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(directory)/explore-\(counterexample.invariant.rawValue)-\(number).json"
            number += 1
        }
        try Data(counterexample.fixture.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    struct UsageProblem: Error {
        let message: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageProblem> {
        var options = Options()
        var remaining = arguments[...]
        func count(_ flag: String, minimum: Int) -> Result<Int, UsageProblem> {
            guard let value = remaining.popFirst().flatMap({ Int($0) }), value >= minimum else {
                return .failure(UsageProblem(message: "\(flag) takes a whole number of at least \(minimum)"))
            }
            return .success(value)
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": return .failure(UsageProblem(message: "help"))
            case "--depth":
                switch count(argument, minimum: 1) {
                case .success(let value): options.bounds.depth = value; options.depthGiven = true
                case .failure(let problem): return .failure(problem)
                }
            case "--random":
                switch count(argument, minimum: 1) {
                case .success(let value): options.walks = value
                case .failure(let problem): return .failure(problem)
                }
            case "--max-faults":
                switch count(argument, minimum: 0) {
                case .success(let value): options.bounds.maxFaults = value
                case .failure(let problem): return .failure(problem)
                }
            case "--seed":
                guard let value = remaining.popFirst().flatMap({ UInt64($0) }) else {
                    return .failure(UsageProblem(message: "--seed takes a whole number from 0 to \(UInt64.max)"))
                }
                options.seed = value
            case "--shard":
                guard let value = remaining.popFirst().flatMap({ ExplorationShard($0) }) else {
                    return .failure(UsageProblem(message: "--shard takes K/N with 1 <= K <= N, such as 2/4"))
                }
                options.shard = value
            case "--out":
                guard let value = remaining.popFirst() else { return .failure(UsageProblem(message: "--out takes a folder")) }
                options.out = value
            case "--format":
                switch remaining.popFirst() {
                case "json": options.json = true
                case "text": options.json = false
                default: return .failure(UsageProblem(message: "--format takes text or json"))
                }
            case "--expect-violation": options.expectsViolation = true
            case "--vary-device": options.bounds.variesDevice = true
            case "--stop-at-first": options.bounds.stopAtFirstViolation = true
            case let option where option.hasPrefix("-"):
                let hint = Suggestion.nearest(to: option, in: Self.options).map { "; did you mean \($0)?" } ?? ""
                return .failure(UsageProblem(message: "unknown option \(option) for explore\(hint)"))
            default:
                guard options.path == nil else { return .failure(UsageProblem(message: "explore takes at most one scenario file")) }
                options.path = argument
            }
        }
        if options.walks != nil && !options.depthGiven { options.bounds.depth = 20 }
        // Each breadth-first level multiplies the work by the choices at a step (tens): past a
        // dozen levels a search would not end in a lifetime, so it is refused rather than hung.
        if options.walks == nil && options.bounds.depth > 12 {
            return .failure(UsageProblem(message: "--depth takes at most 12 for a breadth-first search (each level multiplies the work); use --random for longer runs"))
        }
        if options.walks != nil && options.bounds.depth > 10_000 {
            return .failure(UsageProblem(message: "--depth takes at most 10000 for --random walks"))
        }
        if options.walks == nil && options.seed != 1 {
            return .failure(UsageProblem(message: "--seed applies to --random walks"))
        }
        return .success(options)
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
