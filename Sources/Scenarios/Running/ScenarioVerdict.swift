import AdHarness
import StandInRuntime

/// The result of running a scenario: the trace, and what differed from the expectations.
public struct ScenarioVerdict: Sendable, CustomStringConvertible {
    /// The scenario's name.
    public var name: String
    /// Everything that happened.
    public var trace: [TraceEvent]
    /// Expectations that did not hold, in the order the scenario writes them: each names its
    /// expectation, what the scenario expected and what happened.
    public var mismatches: [Mismatch]
    /// A failure the scenario did not expect: a broken rule or a scenario issue.
    public var failure: HarnessFailure?
    /// Every failure of the run, in order: the first (the verdict's ``failure``), then every other
    /// rule broken, by the same step or a later one, up to `SimulatedApp.maximumRecordedFailures`
    /// (a scenario that expects a violation stops at it).
    public var violations: [Finding] = []
    /// Every warning of the run, in order: rules broken that the run's rule set reports without
    /// failing it, each with its source.
    public var warnings: [Finding] = []
    /// The rules the run was checked by.
    package var rules: RuleSet = .standard
    /// The warnings the scenario expects (`expect.warnings`): pinned, they fail no gate and are not
    /// reported again.
    package var expectedWarnings: [RuleID] = []

    /// The rules the run broke besides the one its ``failure`` names (all of them when the failure
    /// is a scenario issue or a setup problem that came after them).
    package var otherViolations: [Finding] {
        // The failure carries the step that found it; the same finding in the list does not.
        guard case .invariantViolated(let shown)? = failure,
            let index = violations.firstIndex(where: { $0.rule == shown.rule && $0.traceSoFar.count == shown.traceSoFar.count })
        else { return violations }
        var others = violations
        others.remove(at: index)
        return others
    }

    /// The first warning of each rule the run warns of: what a report prints, a line per rule.
    package var firstWarningOfEachRule: [Finding] {
        var seen: Set<RuleID> = []
        return warnings.filter { seen.insert($0.rule).inserted }
    }

    /// Whether every expectation held and nothing failed.
    public var passed: Bool { mismatches.isEmpty && failure == nil }

    /// Whether the run passes a gate that fails on findings of `level` and above: with `.failure`,
    /// ``passed``; with `.warning`, also no rule warned of that the scenario does not expect
    /// (`--fail-on warning`, the gate the CI recipes recommend).
    public func passes(failOn level: RuleSeverity) -> Bool { passed && (level > .warning || unexpectedWarnings.isEmpty) }

    /// The first warning of each rule the run warns of and the scenario does not expect: what the
    /// reports print and the warning gate counts.
    package var unexpectedWarnings: [Finding] { firstWarningOfEachRule.filter { !expectedWarnings.contains($0.rule) } }

    /// One line, as a test failure prints the value: `PASS name`, or `FAIL name: what failed first`
    /// and how many more; ``report`` has the rest and the trace.
    public var description: String {
        guard !passed else {
            let suffix = warnings.isEmpty ? "" : " (\(warnings.count) warnings)"
            return "PASS \(name)\(suffix)"
        }
        // Spelled out step by step: one expression with nested optionals and `??` took the type
        // checker seconds (scripts/ci-time --detail).
        var first = ""
        if let failure {
            first = failure.description.split(separator: "\n").first.map(String.init) ?? ""
        } else if let mismatch = mismatches.first {
            first = "\(mismatch.expectation): expected \(mismatch.expected), got \(mismatch.actual)"
        }
        let failures: Int = failure == nil ? 0 : 1 + otherViolations.count
        let more: Int = failures + mismatches.count - 1
        let suffix = more > 0 ? " (and \(more) more)" : ""
        return "FAIL \(name): \(first)\(suffix)"
    }

    /// The failure, every other rule broken, expected vs actual for each mismatch, a line per rule
    /// the run warns of, then the trace up to the first divergence.
    public var report: String {
        var lines: [String] = []
        if let failure { lines.append(failure.description) }
        for other in otherViolations {
            lines.append(
                "the run also broke \(other.rule.rawValue): \(other.rule.statement)\n  at: event \(other.traceSoFar.count) of \(trace.count), \(other.event)"
            )
        }
        for mismatch in mismatches { lines.append("\(mismatch.expectation): expected \(mismatch.expected), got \(mismatch.actual)") }
        lines += unexpectedWarnings.map { "warning: \($0.summary)" }
        guard !mismatches.isEmpty else { return lines.joined(separator: "\n") }
        let divergence = mismatches.compactMap(\.divergence).min()
        if let divergence, divergence < trace.count {
            lines.append("trace up to the first divergence (event \(divergence + 1) of \(trace.count)):")
            lines.append(contentsOf: TraceEvent.textLines(trace[...divergence], marking: [divergence]))
        } else {
            lines.append("trace (\(trace.count) events):")
            lines.append(contentsOf: TraceEvent.textLines(trace))
        }
        return lines.joined(separator: "\n")
    }
}

/// One expectation of a scenario that did not hold: a test asserts on which one, and on what happened.
public struct Mismatch: Hashable, Sendable {
    /// Which expectation, as a path in the scenario: `expect.adRequests[1].npa`.
    public var expectation: String
    /// What the scenario expected.
    public var expected: String
    /// What happened.
    public var actual: String
    /// The index in the verdict's `trace` of the event where the run went another way, if one can be named.
    public var divergence: Int?
}
