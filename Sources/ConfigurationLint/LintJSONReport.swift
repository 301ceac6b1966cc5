import Foundation

/// A lint as JSON for tools: the files, each finding with its rule's fields, the unreadable inputs
/// and the counts. Keys are sorted, so the same lint prints the same bytes; it decodes back too.
package enum LintJSONReport {
    /// The whole document.
    package struct Document: Hashable, Sendable, Codable {
        /// The files read and checked.
        package var files: [LintReport.CheckedFile]
        /// Every finding.
        package var findings: [Entry]
        /// The inputs that could not be read.
        package var unreadable: [Unreadable]
        /// The counts, and the exit code for `failOn`.
        package var summary: Summary
    }

    /// One finding with its rule's fields.
    package struct Entry: Hashable, Sendable, Codable {
        /// `IP001`.
        package var ruleId: String
        /// `tracking-usage-missing`.
        package var name: String
        /// `error`, `warning` or `note`.
        package var severity: LintSeverity
        /// The file.
        package var file: String
        /// The line of the key, or 1.
        package var line: Int
        /// The key path, empty for the whole file.
        package var keyPath: String
        /// What is wrong here.
        package var message: String
        /// What happens to the app.
        package var consequence: String
        /// What to do: the finding's own fix where it says more than the rule's.
        package var fix: String
        /// Where the rule comes from.
        package var source: String
    }

    /// An input that could not be read.
    package struct Unreadable: Hashable, Sendable, Codable {
        /// The path.
        package var file: String
        /// Why, and where it broke.
        package var problem: String
    }

    /// Counts by severity, and the exit code.
    package struct Summary: Hashable, Sendable, Codable {
        /// Findings that are errors.
        package var errors: Int
        /// Findings that are warnings.
        package var warnings: Int
        /// Findings that are notes.
        package var notes: Int
        /// The lowest severity that fails.
        package var failOn: LintSeverity
        /// 0, 1 or 2, as `adharness lint` exits.
        package var exitCode: Int32
    }

    /// The document for a report.
    package static func document(for report: LintReport, failOn: LintSeverity = .error) -> Document {
        Document(
            files: report.files,
            findings: report.findings.map { finding in
                let rule = finding.rule
                return Entry(
                    ruleId: rule.id, name: rule.name, severity: rule.severity, file: finding.file, line: finding.line,
                    keyPath: finding.keyPath, message: finding.message, consequence: rule.consequence, fix: finding.fix, source: rule.source
                )
            },
            unreadable: report.unreadable.map { Unreadable(file: $0.file, problem: $0.problem) },
            summary: Summary(
                errors: report.count(.error), warnings: report.count(.warning), notes: report.count(.note),
                failOn: failOn, exitCode: report.exitCode(failOn: failOn)
            )
        )
    }

    /// The report as indented JSON with sorted keys.
    package static func json(for report: LintReport, failOn: LintSeverity = .error) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, whole numbers, arrays and objects only: encoding cannot fail.
        let data = (try? encoder.encode(document(for: report, failOn: failOn))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
