import StandInRuntime

/// What a rule keeps from one event to the next, its type erased, so that the checker keeps every
/// rule's state in one list and the explorer tells states apart by it.
///
/// A rule of the package's declares its state in its own file, as a team's ``Rule`` does: where it
/// starts, the events that change it and how, and how the rule judges an event by it. What several
/// rules read stays in ``RunFacts``.
struct RuleMemory: Sendable {
    /// The state at the start of a run.
    let initialState: @Sendable () -> AnyHashable
    /// The events that change the state: the checker shows the rule these only.
    let learnsFrom: Set<TraceName>
    /// The state at the start of a run, never changed: each run starts from a copy (``RuleState/fresh()``).
    let start: any RuleState
}

/// One rule's state in one run, changed in place as events come (no boxing on the hot path), and
/// copied out only when the explorer compares states.
protocol RuleState: AnyObject, Sendable {
    /// Whether the event breaks the rule, given the state and the shared facts as the run left them
    /// before the event.
    func breaks(_ event: TraceEvent, _ facts: RunFacts) -> Bool
    /// Changes the state after the event, given the shared facts as the event left them.
    func learn(_ event: TraceEvent, _ facts: RunFacts)
    /// Whether the event breaks the rule, given the state and what a rule of a team's reads.
    func breaks(_ event: TraceEvent, _ context: RuleContext) -> Bool
    /// Changes the state after the event, given what a rule of a team's reads.
    func learn(_ event: TraceEvent, _ context: RuleContext)
    /// A copy of the state as it is now, for its holder to change in place: of ``RuleMemory/start``,
    /// each run's own; of a run's state, a changed value (``PackageRuleState``) that leaves it as it was.
    func fresh() -> any RuleState
    /// A copy of the state as the explorer compares it at `now`, which nothing changes.
    func compared(at now: Duration) -> any RuleState
    /// Hashes the state.
    func hash(into hasher: inout Hasher)
    /// Whether another rule's state is this one's, equal.
    func isEqual(to other: any RuleState) -> Bool
}

/// A rule's state of its own type, with the rule's code for it. Sendable: a run's checker changes
/// it only under its lock, and the start and the explorer's copies never change.
private final class TypedRuleState<State: Hashable & Sendable>: RuleState, @unchecked Sendable {
    /// Unchecked for exclusivity: `learn` changes it in place through the rule's code on every event
    /// the rule learns from, and a checked access costs two runtime calls each time. Only this
    /// object's methods touch it, and the rule's code never sees the object.
    @exclusivity(unchecked) private var state: State
    private let code: RuleStateCode<State>

    required init(_ state: State, _ code: RuleStateCode<State>) {
        self.state = state
        self.code = code
    }

    /// A copy with another state: made from this object's own type, with no generic type to look up.
    private func copy(with state: State) -> TypedRuleState { type(of: self).init(state, code) }

    func fresh() -> any RuleState { copy(with: state) }

    func breaks(_ event: TraceEvent, _ facts: RunFacts) -> Bool { code.breaks(event, state, RuleContext(facts: facts)) }
    func learn(_ event: TraceEvent, _ facts: RunFacts) { code.update(&state, event, RuleContext(facts: facts)) }
    func breaks(_ event: TraceEvent, _ context: RuleContext) -> Bool { code.breaks(event, state, context) }
    func learn(_ event: TraceEvent, _ context: RuleContext) { code.update(&state, event, context) }
    /// Unwrapped without `??`: in this generic class an optional of the state is a generic type the
    /// runtime would look up on every call.
    func compared(at now: Duration) -> any RuleState {
        guard let projection = code.projection else { return copy(with: state) }
        return copy(with: projection(state, now))
    }
    func hash(into hasher: inout Hasher) { hasher.combine(state) }
    func isEqual(to other: any RuleState) -> Bool { (other as? TypedRuleState<State>)?.state == state }
}

/// A rule's code for its state: how an event changes it, how the explorer compares it, and whether
/// an event breaks the rule by it.
private struct RuleStateCode<State: Hashable & Sendable>: Sendable {
    let update: @Sendable (inout State, TraceEvent, RuleContext) -> Void
    let projection: (@Sendable (State, Duration) -> State)?
    let breaks: @Sendable (TraceEvent, State, RuleContext) -> Bool
}

extension RuleDescriptor {
    /// A rule that judges each event by itself and the facts several rules share.
    init(
        id: RuleID, authority: RuleAuthority, on: Set<TraceName>, rule: String, definition: String, source: String,
        breaks: @escaping @Sendable (TraceEvent, RunFacts) -> Bool, causedBy: Set<Step.Kind> = [],
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
        id: RuleID, authority: RuleAuthority, on: Set<TraceName>, rule: String, definition: String, source: String,
        state initialState: State, learnsFrom: Set<TraceName>, update: @escaping @Sendable (inout State, TraceEvent, RunFacts) -> Void,
        comparedAt projection: (@Sendable (State, Duration) -> State)? = nil,
        breaks: @escaping @Sendable (TraceEvent, State, RunFacts) -> Bool, causedBy: Set<Step.Kind> = [],
        authorityAt: (@Sendable (TraceEvent) -> RuleAuthority)? = nil
    ) {
        self.init(
            id: id, authority: authority, on: on, rule: rule, definition: definition, source: source, state: initialState,
            learnsFrom: learnsFrom, updateInContext: { state, event, context in update(&state, event, context.facts) }, comparedAt: projection,
            breaksInContext: { event, state, context in breaks(event, state, context.facts) }, causedBy: causedBy, authorityAt: authorityAt)
    }

    /// A rule with a state of its own, whose code reads a ``RuleContext`` (a team's ``Rule``).
    init<State: Hashable & Sendable>(
        id: RuleID, authority: RuleAuthority, on: Set<TraceName>, rule: String, definition: String, source: String,
        state initialState: State, learnsFrom: Set<TraceName>, updateInContext update: @escaping @Sendable (inout State, TraceEvent, RuleContext) -> Void,
        comparedAt projection: (@Sendable (State, Duration) -> State)? = nil,
        breaksInContext breaks: @escaping @Sendable (TraceEvent, State, RuleContext) -> Bool, causedBy: Set<Step.Kind> = [],
        authorityAt: (@Sendable (TraceEvent) -> RuleAuthority)? = nil
    ) {
        let code = RuleStateCode(update: update, projection: projection, breaks: breaks)
        let memory = RuleMemory(
            initialState: { AnyHashable(initialState) }, learnsFrom: learnsFrom,
            start: TypedRuleState(initialState, code)
        )
        self.init(
            id: id, authority: authority, on: on, rule: rule, definition: definition, source: source,
            breaks: { event, state, facts in breaks(event, state as! State, RuleContext(facts: facts)) }, memory: memory, causedBy: causedBy,
            authorityAt: authorityAt)
    }
}
