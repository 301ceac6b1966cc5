import AppInfoPlist

/// What a lint found: the files it read, the findings, and the inputs it could not read.
public struct LintReport: Hashable, Sendable {
    /// A file that was read and checked.
    package struct CheckedFile: Hashable, Sendable, Codable {
        /// The path as shown.
        package var path: String
        /// What it was read as.
        package var kind: LintFileKind
    }

    /// The files read and checked, in order.
    package var files: [CheckedFile]
    /// Every finding, sorted by file, line and rule.
    package var findings: [LintFinding]
    /// Inputs that could not be read: missing paths, and files that are not property lists.
    public var unreadable: [InfoPlistError]

    /// A report.
    package init(files: [CheckedFile] = [], findings: [LintFinding] = [], unreadable: [InfoPlistError] = []) {
        self.files = files
        self.findings = findings.sorted { ($0.file, $0.line, $0.rule, $0.keyPath) < ($1.file, $1.line, $1.rule, $1.keyPath) }
        self.unreadable = unreadable
    }

    /// The findings of at least that severity.
    public func findings(atLeast severity: LintSeverity) -> [LintFinding] { findings.filter { $0.rule.severity >= severity } }

    /// The rule IDs found, sorted, each once.
    package var ruleIDs: [String] { Array(Set(findings.map(\.rule.id))).sorted() }

    /// How many findings of a severity.
    package func count(_ severity: LintSeverity) -> Int { findings.count { $0.rule.severity == severity } }

    /// 2 when an input could not be read, 1 when a finding is at or above `failOn`, else 0.
    package func exitCode(failOn: LintSeverity = .error) -> Int32 {
        if !unreadable.isEmpty { return 2 }
        return findings(atLeast: failOn).isEmpty ? 0 : 1
    }
}
