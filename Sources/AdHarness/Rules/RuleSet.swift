/// Which rules a run checks, and how severely: each rule's authority gives its default, and a set
/// may turn any rule up or down.
///
/// ```swift
/// // The platforms' rules only (the default for a team's glue):
/// let app = try SimulatedApp(glue: MyGlue.init, rules: .standard)
/// // The seed app's own policy too, as the reference glue is checked:
/// let strict = try SimulatedApp(glue: MyGlue.init, rules: .seed)
/// // Your own: the seed's table for npa, but a late SDK start only warned of:
/// let mine = RuleSet.seed.setting(.adSDKStartsAfterTrackingDecision, to: .warning)
/// ```
public struct RuleSet: Hashable, Sendable, CustomStringConvertible {
    /// The preset the set starts from: `standard` or `seed`.
    public let base: Base
    /// The rules turned up or down from the base; a rule of a team's (``adding(_:severity:)``) is one
    /// of them, its name carrying it as configured when added. Sets compare by names and severities.
    package let overrides: [RuleID: RuleSeverity]

    /// A preset rule set.
    public enum Base: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
        /// Each rule at its authority's severity: the platforms' musts fail, their advice warns, an
        /// app's own policy is off.
        case standard
        /// The seed app's policy on top (its decision table for `npa`, the ad SDK started after the
        /// tracking answer) and the advice it follows, all as failures.
        case seed
        /// Every rule a failure: how the reference glue, which follows the seed's policy and every
        /// piece of advice, is checked.
        case strict

        /// Standard, then seed, then strict: each asks for more than the one before.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The platforms' musts fail, their advice and lost revenue warn, policy is off.
    public static let standard = RuleSet(base: .standard)
    /// The standard rules with the seed app's policy and the advice it follows as failures.
    public static let seed = RuleSet(base: .seed)
    /// Every rule a failure.
    public static let strict = RuleSet(base: .strict)

    /// A preset with rules turned up or down.
    public init(base: Base = .standard, _ overrides: [RuleID: RuleSeverity] = [:]) {
        self.base = base
        self.overrides = overrides
    }

    /// The rules the seed's table and its app hold as failures: `npa=1` exactly as the table says
    /// (tracking, consent, the TCF signals, the audience tags), the SDK started after the tracking
    /// answer and once ads are allowed, tracking asked again once active, the tags set before start.
    static let seedFailures: [RuleID] = [
        .personalizedOnlyWithBothAnswers, .personalizedOnlyWhenSignalsAllow, .requestsFollowCurrentAnswers,
        .adSDKStartsAfterTrackingDecision, .adSDKStartsOnlyWhenAdsAllowed, .trackingAskedAgainOnceActive,
        .taggedRequestsNeverPersonalized, .requestConfigurationBeforeStart,
    ]

    /// How severely the set checks a rule.
    public func severity(of rule: RuleID) -> RuleSeverity { severity(of: rule, at: rule.authority) }

    /// How severely the set checks a rule where it has this authority (a rule whose authority
    /// depends on the event, as ``Finding/authority`` gives it).
    package func severity(of rule: RuleID, at authority: RuleAuthority) -> RuleSeverity {
        if let chosen = overrides[rule] { return chosen }
        switch base {
        case .standard: break
        case .seed: if Self.seedFailures.contains(rule) { return .failure }
        case .strict: return .failure
        }
        return authority.defaultSeverity
    }

    /// The same set with one rule at another severity.
    public func setting(_ rule: RuleID, to severity: RuleSeverity) -> RuleSet {
        var overrides = overrides
        // The name given, which may carry another configuration of a team's rule.
        overrides.removeValue(forKey: rule)
        overrides[rule] = severity
        return RuleSet(base: base, overrides)
    }

    /// Equal when the base and the severities of the rules by name (the package's and those added) are.
    public static func == (lhs: RuleSet, rhs: RuleSet) -> Bool {
        lhs.base == rhs.base && lhs.overrides == rhs.overrides
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(base)
        hasher.combine(overrides)
    }

    /// The same set with a rule of your own in it, at `severity` (by default its authority's):
    /// every run checked by the set checks it too. Its name reads back against the set
    /// (``RuleID/init(rawValue:in:)``, a scenario's `"rules"` decoded knowing the set), so a
    /// counterexample the explorer writes with it replays in a test that gives the same set. There is
    /// no registry: another set, made elsewhere in the process, knows nothing of it.
    /// A name already another rule's (the package's, or another type's in the set), or events the
    /// glue records, are refused.
    public func adding<R: Rule>(_ rule: R, severity: RuleSeverity? = nil) throws -> RuleSet {
        let custom = AnyRule(rule)
        if let refusal = custom.refusal(in: self) { throw refusal }
        return setting(custom.id, to: severity ?? rule.authority.defaultSeverity)
    }

    /// The rule of a team's the set adds under that name, if any.
    package func addedRule(named name: String) -> AnyRule? {
        overrides.keys.first { $0.rawValue == name }.flatMap(AnyRule.init)
    }

    /// The rules of a team's in the set, each with its severity, by name.
    package var customRules: [(AnyRule, RuleSeverity)] {
        overrides.sorted { $0.key.rawValue < $1.key.rawValue }.compactMap { rule, severity in AnyRule(rule).map { ($0, severity) } }
    }

    /// Every rule the set knows, as a ``Rule``, the protocol a rule of your own implements: the
    /// package's, in the order reports list them, then those the set adds, by name, as written.
    /// ``severity(of:)`` says how severely the set checks each.
    ///
    /// A package rule answers the `context:` forms (``Rule/breaks(_:state:context:)``,
    /// ``Rule/update(_:after:context:)``), which the checker calls: a rule of yours that wraps one
    /// forwards those. Through the protocol a rule has one authority, where one of the package's
    /// (`identifierOnlyWhenAuthorized`) names another at some events (a requirement stated for later
    /// OS versions), and the explorer compares its state as it is.
    public var allRules: [any Rule] { Rules.all.map { $0 as any Rule } + customRules.map(\.0.rule) }

    /// The rules this set checks at a severity.
    public func rules(at severity: RuleSeverity) -> [RuleID] {
        RuleID.allCases.filter { self.severity(of: $0) == severity }
    }

    /// `seed`, or `standard,adSDKStartsAfterTrackingDecision=failure`: the base, then each override.
    public var description: String {
        ([base.rawValue] + overrides.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value.rawValue)" })
            .joined(separator: ",")
    }

    /// Reads the spelling of ``description``: a base, then `RULE=SEVERITY` pairs, comma-separated. A
    /// rule of a team's is read against `known`, the set that adds it (its severity is the text's).
    package init(parsing text: String, knowing known: RuleSet = .standard) throws(RuleSetError) {
        var parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let base = Base(rawValue: first) else {
            throw RuleSetError("expected standard, seed or strict first, found \"\(parts.first ?? "")\"")
        }
        parts.removeFirst()
        var overrides: [RuleID: RuleSeverity] = [:]
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { throw RuleSetError("expected RULE=SEVERITY, found \"\(part)\"") }
            guard let rule = RuleID(rawValue: pair[0], in: known) else { throw RuleSetError(RuleID.unknown(pair[0], in: known)) }
            guard let severity = RuleSeverity(rawValue: pair[1]) else {
                throw RuleSetError("expected failure, warning or off for \(pair[0]), found \"\(pair[1])\"")
            }
            // Two severities for one rule: the first would be dropped unseen, so neither is guessed.
            if let earlier = overrides[rule], earlier != severity {
                throw RuleSetError("expected each rule once, found \(pair[0])=\(earlier.rawValue) and then \(pair[0])=\(severity.rawValue)")
            }
            overrides[rule] = severity
        }
        self.init(base: base, overrides)
    }
}

/// A rule set that could not be read, and why.
package struct RuleSetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected and what was found.
    package let description: String

    init(_ description: String) { self.description = description }
}
