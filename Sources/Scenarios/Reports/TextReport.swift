import AdHarness

/// The run as people read it in a terminal or a CI log: a line per scenario, the difference under
/// each failure, and a count; written one result at a time, as each is known.
package struct TextReport: Sendable {
    /// Whether to colour the status words with ANSI escapes (only on a terminal, as a rule).
    package var usesColor: Bool

    /// A report, in colour or not.
    package init(usesColor: Bool = false) { self.usesColor = usesColor }

    /// `PASS  file  name` and a `warning:` line for each rule the run warns of, `FAIL  file  name`
    /// and the failure's report (warnings included) indented under it, or
    /// `BAD   file:line:column: path: message`.
    package func lines(for result: ScenarioResult) -> String {
        switch result.outcome {
        case .unreadable(let error):
            return "\(paint("BAD ", "33"))  \(error.description)"
        case .ran(let verdict) where result.status == .pass:
            return (["\(paint("PASS", "32"))  \(result.file)  \(paint(verdict.name, "2"))"] + warningLines(verdict)).joined(separator: "\n")
        case .ran(let verdict):
            let report = verdict.report.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }
            // The report names the warnings too.
            return (["\(paint("FAIL", "31"))  \(result.file)  \(verdict.name)"] + report).joined(separator: "\n")
        }
    }

    /// `      warning: rule (authority) at time event: statement; source: ...`, once per rule.
    private func warningLines(_ verdict: ScenarioVerdict) -> [String] {
        verdict.unexpectedWarnings.map { "      \(paint("warning:", "33")) \($0.summary)" }
    }

    /// `N passed, N failed`, `, N could not be read` when some could not, and `; 2 warnings: rule, rule`
    /// when rules warned.
    package func summary(_ summary: RunSummary) -> String {
        "\(summary.passed) passed, \(summary.failed) failed" + (summary.bad > 0 ? ", \(summary.bad) could not be read" : "")
            + (summary.warnings == 0
                ? "" : "; \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"): \(summary.rulesWarnedOf.joined(separator: ", "))")
    }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
