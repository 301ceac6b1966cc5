/// One problem the linter found: which rule, in which file, at which key, and what to do.
public struct LintFinding: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule broken.
    package var rule: LintRule
    /// The file (or SDK folder), as shown to people.
    package var file: String
    /// Where in the file, as a key path: `SKAdNetworkItems[2].SKAdNetworkIdentifier`; empty for the whole file.
    package var keyPath: String
    /// What is wrong here, in words.
    package var message: String
    /// The 1-based line of the key path's top-level key in an XML file, or 1.
    package var line: Int
    /// How to fix this finding, when it can say more than the rule's ``LintRule/fix`` (what exactly
    /// is wrong with this value); nil for the rule's fix.
    package var specificFix: String?

    /// A finding of a rule at a place; `fix` when this finding's fix says more than the rule's.
    package init(rule: LintRule, file: String, keyPath: String = "", message: String, line: Int = 1, fix: String? = nil) {
        self.rule = rule
        self.file = file
        self.keyPath = keyPath
        self.message = message
        self.line = line
        self.specificFix = fix
    }

    /// How to fix it: this finding's own fix, or the rule's.
    package var fix: String { specificFix ?? rule.fix }

    /// `Info.plist:3: error IP001 NSUserTrackingUsageDescription: ...`, as compilers write it.
    public var description: String {
        "\(file):\(line): \(rule.severity.rawValue) \(rule.id)\(keyPath.isEmpty ? "" : " \(keyPath)"): \(message)"
    }
}
