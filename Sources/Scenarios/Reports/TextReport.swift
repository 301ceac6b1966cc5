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
            return (["\(paint("PASS", "32"))  \(Self.oneLine(result.file))  \(paint(Self.oneLine(verdict.name), "2"))"] + warningLines(verdict))
                .joined(separator: "\n")
        case .ran(let verdict):
            let report = verdict.report.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }
            // The report names the warnings too.
            return (["\(paint("FAIL", "31"))  \(Self.oneLine(result.file))  \(Self.oneLine(verdict.name))"] + report).joined(separator: "\n")
        }
    }

    /// A name on its result's one line: each control character (a line break, an escape that would
    /// drive the terminal) and line or paragraph separator spelled `\u{1B}`, as JUnit spells those
    /// XML forbids, so a name cannot split its line or print a line that reads as another result.
    package static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
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
