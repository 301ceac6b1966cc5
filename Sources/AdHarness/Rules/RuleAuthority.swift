/// Whose rule a rule is: the platforms' law, their advice, an app's own choice, or money left on
/// the table. It sets the rule's default severity.
///
/// A red verdict on a team's real glue is taken as the platforms' word, so only a documented must
/// of Apple, Google or the IAB fails a run by default.
public enum RuleAuthority: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// A documented must of Apple, Google or the IAB: a failure.
    case platform
    /// A documented recommendation: a warning.
    case guidance
    /// An app's own choice, such as the seed's decision table: off unless the app turns it on.
    case policy
    /// More private than needed: no harm to the user, fewer personalized ads for the app: a warning.
    case revenue

    /// What a rule of this authority is by default.
    package var defaultSeverity: RuleSeverity {
        switch self {
        case .platform: .failure
        case .guidance, .revenue: .warning
        case .policy: .off
        }
    }

    /// The authority's name.
    public var description: String { rawValue }
}

/// What breaking a rule does to a run.
public enum RuleSeverity: String, CaseIterable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Not checked.
    case off
    /// Reported with its source; the run still passes.
    case warning
    /// The run fails: a step throws, a scenario's verdict fails, the explorer reports a counterexample.
    case failure

    /// Off, then warning, then failure.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The severity's name.
    public var description: String { rawValue }
}
