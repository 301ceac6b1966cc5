/// A rule the harness checks on every run, from the ground truth the stand-ins record: its name.
///
/// Each rule is defined once, in its own file under `Rules/` (its name, its statement, its exact
/// definition, its source, its authority, the state it keeps and the code that decides it side by
/// side); `Rules` lists them. Every definition reads only events recorded by the harness and the
/// OS and SDK stand-ins (what the real system saw, at the moment it saw it), never what the glue
/// logs, so any glue is checked the same way. `adharness invariants` prints them.
public struct Invariant: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The rule's name, as fixtures and reports spell it.
    public let rawValue: String

    /// The rule of that name, if there is one: the package's, or one of your own added to a rule set
    /// in this process (``RuleSet/adding(_:severity:)``).
    public init?(rawValue: String) {
        guard Rules.byName[rawValue] != nil || CustomRules.byName.withLock({ $0[rawValue] }) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A name declared by a rule's own file.
    init(declaring name: String) { rawValue = name }

    /// Every rule, in the order reports list them.
    public static var allCases: [Invariant] { Rules.all.map(\.id) }

    /// The rule's definition, source, authority and check (for a rule of your own, as it describes itself).
    package var descriptor: RuleDescriptor { Rules.byName[rawValue] ?? CustomRules.byName.withLock { $0[rawValue] }!.descriptor }
    /// The rule in one sentence, as reports print it.
    package var rule: String { descriptor.rule }
    /// The exact definition: which recorded events break the rule.
    package var definition: String { descriptor.definition }
    /// Where the rule comes from.
    package var source: String { descriptor.source }
    /// Whose rule it is, which sets its default severity.
    public var authority: RuleAuthority { descriptor.authority }

    /// The rule's name.
    public var description: String { rawValue }
}

/// One rule, whole: its statement, definition, source and authority, the state it keeps, and the
/// code that decides it.
package struct RuleDescriptor: Sendable {
    /// The rule's name.
    package let id: Invariant
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
    var causedBy: Set<HarnessStep> = []

    /// Whose rule it is at an event, for a rule whose authority depends on the situation (the OS
    /// version a requirement is stated for); `nil`: ``authority`` everywhere.
    var authorityAt: (@Sendable (TraceEvent) -> RuleAuthority)? = nil

    /// Whose rule it is at the event that broke it: ``authority``, unless the rule says otherwise there.
    package func authority(at event: TraceEvent) -> RuleAuthority { authorityAt?(event) ?? authority }
}
