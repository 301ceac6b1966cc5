import AdHarness

extension ScenarioVerdict {
    /// What failed, one line each and no trace: the failure's first line, every other rule the run
    /// broke, expected vs actual for each expectation that did not hold, then a line per rule the
    /// run warned of (what fails it at `--fail-on warning`).
    var failureLines: [String] { failureLinesWithoutWarnings + warningLines }

    /// A `warning: ...` line per rule the run warned of.
    var warningLines: [String] { unexpectedWarnings.map { "warning: \($0.summary)" } }

    /// The failure, the other rules broken and the mismatches, one line each.
    private var failureLinesWithoutWarnings: [String] {
        var lines: [String] = []
        if let failure { lines.append(failure.description.split(separator: "\n").first.map(String.init) ?? "") }
        for other in otherViolations {
            lines.append("the run also broke \(other.rule.rawValue): \(other.rule.statement)")
        }
        for mismatch in mismatches {
            lines.append("\(mismatch.expectation): expected \(mismatch.expected), got \(mismatch.actual)")
        }
        return lines
    }

    /// The indices of the events that matter for the failure: where the run first went another
    /// way than expected, and each event that broke a rule.
    var markedEvents: Set<Int> {
        var marked = Set(violations.map { $0.traceSoFar.count - 1 })
        if let divergence = mismatches.compactMap(\.divergence).min() { marked.insert(divergence) }
        return marked
    }

    /// Every event a line, with `> ` before the ``markedEvents``.
    var markedTrace: [String] {
        let marked = markedEvents
        return trace.enumerated().map { index, event in (marked.contains(index) ? "  > " : "    ") + event.description }
    }
}
