/// A lint as people read it: each finding as a compiler writes a diagnostic, why it matters and the
/// fix under it, the files that could not be read, and a count.
public struct LintTextReport: Sendable {
    /// Whether to colour the severities with ANSI escapes (only on a terminal, as a rule).
    package var usesColor: Bool

    /// A report, in colour or not.
    public init(usesColor: Bool = false) { self.usesColor = usesColor }

    /// The whole report, one finding after another.
    public func text(for report: LintReport, failOn: LintSeverity = .error) -> String {
        let unreadable = report.unreadable.map { "\($0.file): \(paint("unreadable", "33")): \($0.problem)" }
        return (unreadable + report.findings.map(lines(for:)) + [summary(report, failOn: failOn)]).joined(separator: "\n")
    }

    /// `file:line: error IP001 key: message`, then `why:` and `fix:` indented.
    public func lines(for finding: LintFinding) -> String {
        let severity =
            switch finding.rule.severity {
            case .error: paint("error", "31")
            case .warning: paint("warning", "33")
            case .note: paint("note", "2")
            }
        let place = finding.keyPath.isEmpty ? "" : " \(finding.keyPath)"
        return """
            \(finding.file):\(finding.line): \(severity) \(finding.rule.id)\(place): \(finding.message)
                why: \(finding.rule.consequence)
                fix: \(finding.fix)
            """
    }

    /// `2 errors, 1 warning, 0 notes in 3 files; failing on error`.
    public func summary(_ report: LintReport, failOn: LintSeverity) -> String {
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        let unreadable = report.unreadable.isEmpty ? "" : ", \(count(report.unreadable.count, "input")) unreadable"
        return "\(count(report.count(.error), "error")), \(count(report.count(.warning), "warning")), \(count(report.count(.note), "note"))"
            + " in \(count(report.files.count, "file"))\(unreadable); failing on \(failOn.rawValue)"
    }

    /// Every rule: ID, severity, name, reason, consequence, fix and source (`adharness lint --list-rules`).
    public func rules() -> String {
        LintRule.allCases.map { rule in
            """
            \(paint(rule.id, "32")) \(rule.severity.rawValue) \(rule.name)
              rule:   \(rule.reason)
              why:    \(rule.consequence)
              fix:    \(rule.fix)
              source: \(rule.source)
            """
        }.joined(separator: "\n\n")
    }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
