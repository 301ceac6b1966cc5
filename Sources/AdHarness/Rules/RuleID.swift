import StandInRuntime

/// A rule the harness checks on every run, from the ground truth the stand-ins record: its name.
///
/// Each rule is defined once, in its own file under `Rules/` (its name, its statement, its exact
/// definition, its source, its authority, the state it keeps and the code that decides it side by
/// side); `Rules` lists them. Every definition reads only events recorded by the harness and the
/// OS and SDK stand-ins (what the real system saw, at the moment it saw it), never what the glue
/// logs, so any glue is checked the same way. `adharness rules` prints them.
public struct RuleID: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The rule's name, as fixtures and reports spell it.
    public let rawValue: String
    /// A rule of a team's: its definition, carried with its name, so reports describe it with no
    /// registry to look it up in; `nil` for the package's rules.
    private let teamRule: TeamRuleDefinition?

    /// The package's rule of that name, if there is one. A rule of your own is read back against the
    /// rule set that adds it: ``init(rawValue:in:)``.
    public init?(rawValue: String) {
        guard Rules.byName[rawValue] != nil else { return nil }
        self.rawValue = rawValue
        teamRule = nil
    }

    /// The rule of that name among those `rules` checks: the package's, or one of your own the set
    /// adds (``RuleSet/adding(_:severity:)``); `nil` if it is neither.
    public init?(rawValue: String, in rules: RuleSet) {
        if let known = RuleID(rawValue: rawValue) {
            self = known
        } else if let rule = rules.addedRule(named: rawValue) {
            self = rule.id
        } else {
            return nil
        }
    }

    /// A name declared by a rule's own file.
    init(declaring name: String) {
        rawValue = name
        teamRule = nil
    }

    /// The name of a rule of a team's, with the rule and its definition.
    init(declaring name: String, rule: any Rule, definedBy descriptor: RuleDescriptor, type: ObjectIdentifier) {
        rawValue = name
        teamRule = TeamRuleDefinition(rule: rule, descriptor: descriptor, type: type)
    }

    /// The rule of a team's the name carries, as the team wrote it; `nil` for the package's rules.
    var teamRuleValue: (any Rule)? { teamRule?.rule }

    /// The type of the team's rule the name carries; `nil` for the package's rules.
    var teamRuleType: ObjectIdentifier? { teamRule?.type }

    /// Reads a name, as ``init(rawValue:in:)`` does against the rule set the decoder is given (a
    /// scenario decoded `knowing:` a set; by default the package's rules only), or fails naming the
    /// unknown rule.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        let known = decoder.userInfo[Self.knownRulesKey] as? RuleSet ?? .standard
        guard let rule = RuleID(rawValue: name, in: known) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.unknown(name, in: known))
        }
        self = rule
    }

    /// The key of a decoder's `userInfo` under which a ``RuleSet`` names the rules of your own that
    /// the decoded names may refer to.
    package static let knownRulesKey = CodingUserInfoKey(rawValue: "AdHarness.knownRules")!

    /// What a name that is no rule's says: the rules there are, and where a rule of your own is known.
    package static func unknown(_ name: String, in known: RuleSet) -> String {
        let names = allCases.map(\.rawValue) + known.customRules.map(\.0.id.rawValue)
        return "unknown rule \"\(name)\"\(Suggestion.hint(for: name, in: names)); expected one of \(names.joined(separator: ", "))"
            + (name.contains(".") ? "; a rule of your own is known only where the rule set that adds it is given" : "")
    }

    /// Every rule of the package's, in the order reports list them.
    public static var allCases: [RuleID] { Rules.all.map(\.id) }

    /// Equal when the names are: a name is one rule's.
    public static func == (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The rule's definition, source, authority and check (for a rule of your own, as it describes itself).
    package var descriptor: RuleDescriptor { Rules.byName[rawValue] ?? teamRule!.descriptor }
    /// The rule in one sentence, as reports print it.
    package var statement: String { descriptor.rule }
    /// The exact definition: which recorded events break the rule.
    package var definition: String { descriptor.definition }
    /// Where the rule comes from.
    package var source: String { descriptor.source }
    /// Whose rule it is, which sets its default severity.
    public var authority: RuleAuthority { descriptor.authority }

    /// The rule's name.
    public var description: String { rawValue }
}

/// A rule of a team's as its name carries it: a reference, since the definition names the rule.
private final class TeamRuleDefinition: Sendable {
    /// The rule, as the team wrote it.
    let rule: any Rule
    /// The rule, declared as the package's rules are.
    let descriptor: RuleDescriptor
    /// The rule's type: one name, one rule.
    let type: ObjectIdentifier

    init(rule: any Rule, descriptor: RuleDescriptor, type: ObjectIdentifier) {
        self.rule = rule
        self.descriptor = descriptor
        self.type = type
    }
}

/// One rule, whole: its statement, definition, source and authority, the state it keeps, and the
/// code that decides it.
package struct RuleDescriptor: Sendable {
    /// The rule's name.
    package let id: RuleID
    /// Whose rule it is.
    package let authority: RuleAuthority
    /// The events that can break it: the checker asks the rule about these only.
    package let on: Set<TraceName>
    /// The rule in one sentence.
    package let rule: String
    /// Which recorded events break it.
    package let definition: String
    /// Where it comes from: the document, quoted or named, with its address.
    package let source: String
    /// Whether an event breaks the rule, given its own state (`nil` for a rule that keeps none) and
    /// the facts several rules share, both as the run left them before the event.
    let breaks: @Sendable (TraceEvent, AnyHashable?, RunFacts) -> Bool
    /// What the rule keeps from one event to the next, and how each event changes it: `nil` for a
    /// rule that judges each event by itself and the shared facts.
    let memory: RuleMemory?
    /// The steps whose debt the rule collects later (a tap on the privacy-options entry point, an ad
    /// wanted): a finding made at a later event names the last such step as its cause.
    package var causedBy: Set<Step.Kind> = []

    /// Whose rule it is at an event, for a rule whose authority depends on the situation (the OS
    /// version a requirement is stated for); `nil`: ``authority`` everywhere.
    var authorityAt: (@Sendable (TraceEvent) -> RuleAuthority)? = nil

    /// Whose rule it is at the event that broke it: ``authority``, unless the rule says otherwise there.
    package func authority(at event: TraceEvent) -> RuleAuthority { authorityAt?(event) ?? authority }
}
