import AdHarness
import Scenarios
import StandInRuntime

/// One part of a search split across machines: part `index` of `count`, counted from 1.
///
/// Breadth-first, the parts share the first levels, then each takes every `count`-th state of the
/// first level with at least four states a part; random walks go to parts by number. Together the
/// parts cover what the whole search covers, and each part's counterexamples are fixtures like any other.
public struct ExplorationShard: Hashable, Sendable, CustomStringConvertible {
    /// This part, from 1 to ``count``.
    package let index: Int
    /// How many parts.
    package let count: Int

    /// Creates part `index` of `count`; `nil` unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, as `--shard` takes it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `2/4`.
    public var description: String { "\(index)/\(count)" }
}

/// Counts of a search so far.
public struct ExplorationStatistics: Hashable, Sendable {
    /// Runs made, each from the start.
    public var executions = 0
    /// Steps taken on a world that the step before left in its state (reading the identifier, a
    /// second request once answered), instead of on a run from the start: the runs saved.
    public var stepsWithoutReplay = 0
    /// States whose path, run again, did not lead back to them, when the search checked (a test's check).
    package var pathsNotReplaying = 0
    /// Different states reached (breadth-first: each explored once; random walks: each counted once).
    public var distinctStates = 0
    /// The deepest level finished (breadth-first) or the longest walk (random).
    public var depthReached = 0
    /// Wall time, in seconds.
    public var seconds = 0.0
    /// Worker processes lost to the glue, when runs ran in workers: each crash or hang costs one, and
    /// the search goes on with a fresh one.
    package var workersLost = 0

    /// Runs a second of wall time, as the tools print it.
    package var runsPerSecond: Double { seconds > 0 ? Double(executions) / seconds : 0 }
    /// Distinct states a second of wall time, as the tools print it.
    package var distinctStatesPerSecond: Double { seconds > 0 ? Double(distinctStates) / seconds : 0 }

    /// `depth 4  runs 12,345  states 1,234  5,678 runs/s`, for a progress line.
    package var progressLine: String {
        "depth \(depthReached)  runs \(ExplorationReport.grouped(executions))  states \(ExplorationReport.grouped(distinctStates))  "
            + "\(ExplorationReport.grouped(Int(runsPerSecond))) runs/s"
    }
}

/// What a search found: its figures, and a shrunk counterexample for each rule broken, failures and
/// warnings alike, each at its severity.
public struct ExplorationReport: Sendable, CustomStringConvertible {
    /// How the search went.
    package var mode: String
    /// The figures.
    public var statistics: ExplorationStatistics
    /// For each rule broken, at failure or warning, the first (shortest) run found to break it,
    /// shrunk, in the order found; empty when no rule broke within the bounds.
    public var findings: [Counterexample]
    /// Wall time spent shrinking, in seconds (not part of ``statistics``).
    package var shrinkingSeconds: Double
    /// The identities of the states a breadth-first search reached, to compare searches in this process.
    var stateKeys: Set<Int> = []
    /// Why runs could not run (no worker process could be started), if so: the search is not complete.
    package var problem: String?

    /// A report of a search's figures and findings.
    package init(mode: String, statistics: ExplorationStatistics, findings: [Counterexample], shrinkingSeconds: Double) {
        self.mode = mode
        self.statistics = statistics
        self.findings = findings
        self.shrinkingSeconds = shrinkingSeconds
    }

    /// A search that could not run: no worker process could be started.
    package init(problem: String, mode: String) {
        self.init(mode: mode, statistics: ExplorationStatistics(), findings: [], shrinkingSeconds: 0)
        self.problem = problem
    }

    /// The findings at failure severity: each rule the runs' rule set fails, broken. (Setting it
    /// replaces the failures among ``findings``, as setting it did when it was all there was.)
    public var counterexamples: [Counterexample] {
        get { findings.filter { $0.severity == .failure } }
        set { findings = newValue + findings.filter { $0.severity != .failure } }
    }

    /// The findings at warning severity: each rule the runs' rule set warns of, broken.
    public var warnings: [Counterexample] { findings.filter { $0.severity == .warning } }

    /// The first counterexample found at failure severity, if any.
    public var counterexample: Counterexample? { counterexamples.first }

    /// Whether nothing failed (warnings may have been found: ``passes(failOn:)`` counts them).
    public var passed: Bool { counterexamples.isEmpty }

    /// Whether the search passes a gate that fails on findings of `level` and above: with
    /// `.failure`, ``passed``; with `.warning`, no finding at all (`--fail-on warning`).
    public func passes(failOn level: RuleSeverity) -> Bool { level > .warning ? passed : findings.isEmpty }

    /// The summary, then a line per finding, as a test failure prints the value.
    public var description: String {
        ([summary] + findings.map { "  \($0)" }).joined(separator: "\n")
    }

    /// The summary, then each finding in full: what broke, the steps and choices, the trace up to
    /// the violation, and the fixture that replays it. What a failing test prints.
    public var report: String {
        ([summary] + findings.map { "\n" + $0.report + "\nfixture:\n" + $0.fixture }).joined(separator: "\n")
    }

    /// `nothing failed; 2 warnings: rule, rule`, `1 failure: rule; no warnings`: the findings counted.
    package var findingsLine: String {
        let (failed, warned) = (counterexamples.map(\.rule.rawValue), warnings.map(\.rule.rawValue))
        let failures = failed.isEmpty ? "nothing failed" : "\(failed.count) failure\(failed.count == 1 ? "" : "s"): \(failed.joined(separator: ", "))"
        let warningsPart = warned.isEmpty ? "no warnings" : "\(warned.count) warning\(warned.count == 1 ? "" : "s"): \(warned.joined(separator: ", "))"
        return "\(failures); \(warningsPart)"
    }

    /// `breadth-first to depth 6: 12,345 runs, 1,234 distinct states in 2.1 s (5,878 runs/s, 588 states/s)`.
    public var summary: String {
        let figures = statistics
        return "\(mode): \(Self.grouped(figures.executions)) runs"
            + (figures.stepsWithoutReplay > 0 ? " (and \(Self.grouped(figures.stepsWithoutReplay)) steps without a replay)" : "")
            + ", \(Self.grouped(figures.distinctStates)) distinct states, "
            + "depth \(figures.depthReached) reached, in \(String(format: "%.2f", figures.seconds)) s "
            + "(\(Self.grouped(Int(figures.runsPerSecond))) runs/s, \(Self.grouped(Int(figures.distinctStatesPerSecond))) states/s)"
            + (findings.isEmpty ? "" : "; shrinking took \(String(format: "%.2f", shrinkingSeconds)) s")
            + (figures.workersLost == 0
                ? "" : "; \(Self.grouped(figures.workersLost)) worker process\(figures.workersLost == 1 ? "" : "es") lost to a crash or a hang")
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}

/// A run that broke a rule, shrunk, as a fixture that replays it.
public struct Counterexample: Sendable, CustomStringConvertible {
    /// The rule broken.
    public var rule: RuleID
    /// How severely the runs' rule set holds it: `.failure`, or `.warning` for a rule it warns of.
    public var severity: RuleSeverity
    /// The finding on the shrunk run, with the trace up to it.
    public var finding: Finding
    /// The shrunk steps, as the fixture spells them.
    public var steps: [String]
    /// The answers and faults the shrunk run needs, as the fixture spells them.
    public var choices: [String]
    /// How many steps the run had before shrinking.
    public var stepsBeforeShrinking: Int
    /// The fixture (format 1) that replays the violation: `adharness run` on it fails with the same
    /// rule (a warning's fixture expects no warning) until the glue is fixed, then passes.
    public var fixture: String
    /// The fixture, decoded.
    public var scenario: Scenario

    /// `rule in 3 steps: launch, onboarding, requestAd (with ...)`, `(warning)` after a warning's name: one line.
    public var description: String {
        "\(rule.rawValue)\(severity == .warning ? " (warning)" : "") in \(steps.count) steps: \(steps.joined(separator: ", "))"
            + (choices.isEmpty ? "" : " (with \(choices.joined(separator: ", ")))")
    }

    /// The steps, the choices, and the trace up to the violation, marked.
    public var report: String {
        let heading = severity == .warning ? "warning: \(rule.rawValue) (\(rule.authority))" : "invariant broken: \(rule.rawValue)"
        var lines = ["\(heading): \(rule.statement)", "steps (\(steps.count), shrunk from \(stepsBeforeShrinking)):"]
        lines += steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        if !choices.isEmpty { lines.append("with: " + choices.joined(separator: ", ")) }
        lines.append("trace up to the violation:")
        lines += TraceEvent.textLines(finding.traceSoFar, marking: [finding.traceSoFar.count - 1])
        return lines.joined(separator: "\n")
    }
}
