/// How bad a lint finding is.
public enum LintSeverity: String, CaseIterable, Comparable, Hashable, Sendable, Codable {
    /// Something people may want to know; never a crash or a rejection.
    case note
    /// Broken attribution or consent: the app runs and passes review, but earns or complies less.
    case warning
    /// A crash, or a build App Store Connect or App Review rejects.
    case error

    /// Ordered note < warning < error.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
