import StandInRuntime

/// A rule of the package's is a ``Rule``, through the protocol a team's rule implements: the same
/// name, statement, definition, source, authority, events, state and code the checker runs, so a
/// team reads one or wraps one as it would its own (``RuleSet/allRules``). It answers the `context:`
/// forms only (the no-context ones keep the protocol's defaults); its authority is its main one
/// (``authorityAt`` is the checker's); the explorer compares its state as it is (no ``comparedAt``).
extension RuleDescriptor: Rule {
    /// The rule's name.
    package var name: String { id.rawValue }
    /// The rule in one sentence.
    package var statement: String { rule }
    /// The events it judges and those it learns from.
    package var events: Set<TraceName> { on.union(memory?.learnsFrom ?? []) }
    /// Its state at the start of a run.
    package var initialState: PackageRuleState { PackageRuleState(memory?.start) }

    /// Whether the event breaks the rule, as the checker asks it: only for an event it judges.
    package func breaks(_ event: TraceEvent, state: PackageRuleState, context: RuleContext) -> Bool {
        guard on.contains(event.name) else { return false }
        guard let held = state.held else { return breaks(event, nil, context.facts) }
        return held.breaks(event, context)
    }

    /// The state after the event, changed on a copy: a value passed to a team's code stays as it was.
    package func update(_ state: inout PackageRuleState, after event: TraceEvent, context: RuleContext) {
        guard let held = state.held, let memory, memory.learnsFrom.contains(event.name) else { return }
        let changed = held.fresh()
        changed.learn(event, context)
        state = PackageRuleState(changed)
    }
}

/// The state of a rule of the package's as a value: ``RuleDescriptor``'s ``Rule`` conformance
/// replaces it with a changed copy instead of changing it; `nil` inside for a rule that keeps none.
package struct PackageRuleState: Hashable, Sendable {
    let held: (any RuleState)?

    init(_ held: (any RuleState)?) { self.held = held }

    /// Equal when both hold equal states, or neither holds one.
    package static func == (lhs: PackageRuleState, rhs: PackageRuleState) -> Bool {
        switch (lhs.held, rhs.held) {
        case (nil, nil): true
        case (let left?, let right?): left.isEqual(to: right)
        default: false
        }
    }

    /// Hashes the state held, if any.
    package func hash(into hasher: inout Hasher) { held?.hash(into: &hasher) }
}
