import StandInRuntime

/// A rule of your own: what it says, whose it is, where it comes from, the events it judges, and the
/// state it carries from one event to the next. Add it to a rule set (`RuleSet.standard.adding(_:)`)
/// and every run checked by that set checks it, as it checks the package's rules: in `SimulatedApp`,
/// in scenario runs and in the explorer, which also tells states apart by your rule's state.
///
/// A rule reads only what the run recorded (`TraceEvent`s: the harness's steps and what the OS and
/// SDK stand-ins saw), never the glue's log, so it holds any glue to it. One that needs the facts the
/// package's rules share, or the step that caused an event, implements ``breaks(_:state:context:)``
/// and reads its ``RuleContext``. The rule is known only to the sets that add it: there is no
/// registry (a scenario naming it decodes `knowing:` such a set).
///
/// ```swift
/// /// Our app shows ads only after its onboarding has run in the process.
/// struct NoAdBeforeOnboarding: Rule {
///     let name = "myApp.noAdBeforeOnboarding"
///     let authority = RuleAuthority.policy
///     let statement = "no ad request goes out before the onboarding has run in the process"
///     let definition = "Broken by an ads.request before a step onboarding since the last app.launch."
///     let source = "our product spec, ADS-12"
///     let events: Set<TraceName> = [.appLaunch, .step, .adsRequest]
///     let initialState = false  // whether the onboarding ran in this process
///
///     func breaks(_ event: TraceEvent, state onboarded: Bool) -> Bool { event.name == .adsRequest && !onboarded }
///     func update(_ onboarded: inout Bool, after event: TraceEvent) {
///         if event.name == .appLaunch { onboarded = false }
///         if event[.step] == .onboarding { onboarded = true }
///     }
/// }
///
/// let rules = try RuleSet.standard.adding(NoAdBeforeOnboarding(), severity: .failure)
/// ```
public protocol Rule: Sendable {
    /// What the rule carries from one event to the next (`Bool`, a struct of its own...).
    associatedtype State: Hashable & Sendable

    /// The rule's name, as reports, `--rules` and a scenario's `"rules"` spell it; prefix it with your
    /// app's, so it cannot meet a rule of the package's.
    var name: String { get }
    /// Whose rule it is, which sets its default severity (an app's own rule is `policy`: off unless a
    /// rule set turns it on, as `adding(_:severity:)` does).
    var authority: RuleAuthority { get }
    /// The rule in one sentence, as reports print it.
    var statement: String { get }
    /// The exact definition: which recorded events break it.
    var definition: String { get }
    /// Where it comes from.
    var source: String { get }
    /// The events the rule judges or learns from, each recorded by the harness or a stand-in (what the
    /// glue logs is never shown to a rule); the checker shows it these only.
    var events: Set<TraceName> { get }
    /// The state at the start of a run.
    var initialState: State { get }

    /// The steps whose debt the rule collects later (a tap that should have shown something, an ad
    /// wanted): a finding made at a later event names the last such step as its cause, and
    /// ``RuleContext/cause`` is that step. By default none: a finding's cause is its own event.
    var causedBy: Set<Step.Kind> { get }

    /// Whether the event breaks the rule, given the state the run had left it in before the event.
    /// A rule that reads the shared facts or the cause implements ``breaks(_:state:context:)`` instead.
    func breaks(_ event: TraceEvent, state: State) -> Bool
    /// The state after the event (called after ``breaks(_:state:)``, for every event in ``events``). The
    /// state lasts the whole run, relaunches included: reset what belongs to a process at `app.launch`.
    func update(_ state: inout State, after event: TraceEvent)

    /// Whether the event breaks the rule, given its state and the ``RuleContext`` (the shared facts as
    /// the run stood just before the event, and the cause), both read-only. By default
    /// ``breaks(_:state:)``; the checker calls this one.
    func breaks(_ event: TraceEvent, state: State, context: RuleContext) -> Bool
    /// The state after the event, given the ``RuleContext`` as the event left the facts. By default
    /// ``update(_:after:)``; the checker calls this one.
    func update(_ state: inout State, after event: TraceEvent, context: RuleContext)
}

extension Rule {
    /// No step: a finding's cause is its own event.
    public var causedBy: Set<Step.Kind> { [] }

    /// Never broken: a rule that judges by the context implements ``breaks(_:state:context:)``.
    ///
    /// A rule that implements neither (or misspells one) compiles and never breaks, so test that
    /// yours fires, as the Rules article's example does.
    public func breaks(_ event: TraceEvent, state: State) -> Bool { false }

    /// No change: a rule whose state never changes, or that changes it by the context
    /// (``update(_:after:context:)``).
    public func update(_ state: inout State, after event: TraceEvent) {}

    /// ``breaks(_:state:)``, which reads no context.
    public func breaks(_ event: TraceEvent, state: State, context: RuleContext) -> Bool { breaks(event, state: state) }

    /// ``update(_:after:)``, which reads no context.
    public func update(_ state: inout State, after event: TraceEvent, context: RuleContext) { update(&state, after: event) }
}

/// A rule of a team's, its type erased, so a rule set holds any number of them: its name, which
/// carries its definition.
package struct AnyRule: Sendable {
    /// The rule's name, carrying its definition.
    package let id: RuleID

    /// The rule's type: one name, one rule.
    package var type: ObjectIdentifier { id.teamRuleType! }
    /// It as the package's rules are declared: its state, the events it learns from and judges, and
    /// how (through a ``RuleContext``: the shared facts, read-only, and its cause).
    package var descriptor: RuleDescriptor { id.descriptor }
    /// The rule, as the team wrote it.
    var rule: any Rule { id.teamRuleValue! }
    /// Its state, as ``descriptor`` keeps it: every rule of a team's keeps one.
    var memory: RuleMemory { descriptor.memory! }

    init<R: Rule>(_ rule: R) {
        let descriptor = RuleDescriptor(
            id: RuleID(declaring: rule.name), authority: rule.authority, on: rule.events, rule: rule.statement, definition: rule.definition,
            source: rule.source, state: rule.initialState, learnsFrom: rule.events,
            updateInContext: { state, event, context in rule.update(&state, after: event, context: context) },
            breaksInContext: { event, state, context in rule.breaks(event, state: state, context: context) }, causedBy: rule.causedBy)
        id = RuleID(declaring: rule.name, rule: rule, definedBy: descriptor, type: ObjectIdentifier(R.self))
    }

    /// The rule a name carries, if it is a team's.
    init?(_ id: RuleID) {
        guard id.teamRuleType != nil else { return nil }
        self.id = id
    }

    /// Why the rule cannot be in a set beside `others`, if it cannot: a name of the package's, events
    /// the glue records, or a name another type's rule in the set has.
    func refusal(in set: RuleSet) -> RuleSetError? {
        let name = id.rawValue
        guard Rules.byName[name] == nil else { return RuleSetError("\(name) is the name of one of the package's rules; name yours with your app's prefix") }
        let unseen = descriptor.on.filter { !$0.isGroundTruth }
        guard unseen.isEmpty else {
            return RuleSetError(
                "\(name) asks for \(unseen.map(\.rawValue).sorted().joined(separator: ", ")), which the glue records: a rule reads only what the harness and the stand-ins record"
            )
        }
        if let earlier = set.addedRule(named: name), earlier.type != type {
            return RuleSetError("another rule, of another type, is already named \(name) in this rule set")
        }
        return nil
    }
}
