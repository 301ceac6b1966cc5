import Foundation

/// A lint as JSON for tools: the files, each finding with its rule's fields, the unreadable inputs
/// and the counts. Keys are sorted, so the same lint prints the same bytes; it decodes back too.
public enum LintJSONReport {
    /// The whole document.
    public struct Document: Hashable, Sendable, Codable {
        /// The files read and checked.
        public var files: [LintReport.CheckedFile]
        /// Every finding.
        public var findings: [Finding]
        /// The inputs that could not be read.
        public var unreadable: [Unreadable]
        /// The counts, and the exit code for `failOn`.
        public var summary: Summary
    }

    /// One finding with its rule's fields.
    public struct Finding: Hashable, Sendable, Codable {
        /// `IP001`.
        public var ruleId: String
        /// `tracking-usage-missing`.
        public var name: String
        /// `error`, `warning` or `note`.
        public var severity: LintSeverity
        /// The file.
        public var file: String
        /// The line of the key, or 1.
        public var line: Int
        /// The key path, empty for the whole file.
        public var keyPath: String
        /// What is wrong here.
        public var message: String
        /// What happens to the app.
        public var consequence: String
        /// What to do: the finding's own fix where it says more than the rule's.
        public var fix: String
        /// Where the rule comes from.
        public var source: String
    }

    /// An input that could not be read.
    public struct Unreadable: Hashable, Sendable, Codable {
        /// The path.
        public var file: String
        /// Why, and where it broke.
        public var problem: String
    }

    /// Counts by severity, and the exit code.
    public struct Summary: Hashable, Sendable, Codable {
        /// Findings that are errors.
        public var errors: Int
        /// Findings that are warnings.
        public var warnings: Int
        /// Findings that are notes.
        public var notes: Int
        /// The lowest severity that fails.
        public var failOn: LintSeverity
        /// 0, 1 or 2, as `adharness lint` exits.
        public var exitCode: Int32
    }

    /// The document for a report.
    public static func document(for report: LintReport, failOn: LintSeverity = .error) -> Document {
        Document(
            files: report.files,
            findings: report.findings.map { finding in
                let rule = finding.rule
                return Finding(
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
    public static func json(for report: LintReport, failOn: LintSeverity = .error) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, whole numbers, arrays and objects only: encoding cannot fail.
        let data = (try? encoder.encode(document(for: report, failOn: failOn))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
