import HarnessSupport

/// What a rule of the package's keeps from one event to the next, its type erased, so that the
/// checker keeps every rule's state in one list and the explorer tells states apart by it.
///
/// A rule declares its state in its own file, as a team's ``Rule`` does: where it starts, the events
/// that change it and how, and how the rule judges an event by it. What several rules read stays in
/// ``RunFacts``.
struct RuleMemory: Sendable {
    /// The state at the start of a run.
    let initialState: @Sendable () -> AnyHashable
    /// The events that change the state: the checker shows the rule these only.
    let learnsFrom: Set<TraceName>
    /// The state after an event, given the shared facts as the event left them.
    let update: @Sendable (inout AnyHashable, TraceEvent, RunFacts) -> Void
    /// The state as the explorer compares it at a moment (an absolute time kept only as what it
    /// decides next); `nil`: the state as it is.
    let projection: (@Sendable (AnyHashable, Duration) -> AnyHashable)?
}

extension RuleDescriptor {
    /// A rule that judges each event by itself and the facts several rules share.
    init(
        id: Invariant, authority: RuleAuthority, on: Set<TraceName>, rule: String, definition: String, source: String,
        breaks: @escaping @Sendable (TraceEvent, RunFacts) -> Bool, causedBy: Set<HarnessStep> = [],
        authorityAt: (@Sendable (TraceEvent) -> RuleAuthority)? = nil
    ) {
        self.init(
            id: id, authority: authority, on: on, rule: rule, definition: definition, source: source,
            breaks: { event, _, facts in breaks(event, facts) }, memory: nil, causedBy: causedBy, authorityAt: authorityAt)
    }

    /// A rule with a state of its own: where it starts, the events that change it and how (given the
    /// shared facts as the event left them), how the explorer compares it (`comparedAt`: by default as
    /// it is), and whether an event breaks the rule given the state and the shared facts as the run
    /// left them before the event.
    init<State: Hashable & Sendable>(
        id: Invariant, authority: RuleAuthority, on: Set<TraceName>, rule: String, definition: String, source: String,
        state initialState: State, learnsFrom: Set<TraceName>, update: @escaping @Sendable (inout State, TraceEvent, RunFacts) -> Void,
        comparedAt projection: (@Sendable (State, Duration) -> State)? = nil,
        breaks: @escaping @Sendable (TraceEvent, State, RunFacts) -> Bool, causedBy: Set<HarnessStep> = [],
        authorityAt: (@Sendable (TraceEvent) -> RuleAuthority)? = nil
    ) {
        var compared: (@Sendable (AnyHashable, Duration) -> AnyHashable)?
        if let projection {
            compared = { (state: AnyHashable, now: Duration) -> AnyHashable in AnyHashable(projection(state as! State, now)) }
        }
        let memory = RuleMemory(
            initialState: { AnyHashable(initialState) }, learnsFrom: learnsFrom,
            update: { (state: inout AnyHashable, event: TraceEvent, facts: RunFacts) in
                var next = state as! State
                update(&next, event, facts)
                state = AnyHashable(next)
            },
            projection: compared
        )
        self.init(
            id: id, authority: authority, on: on, rule: rule, definition: definition, source: source,
            breaks: { event, state, facts in breaks(event, state as! State, facts) }, memory: memory, causedBy: causedBy,
            authorityAt: authorityAt)
    }
}
