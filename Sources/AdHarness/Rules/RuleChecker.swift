import AdRequestKit
import StandInRuntime

/// Checks every rule of a ``RuleSet`` on each event as it is recorded, without being asked.
///
/// It reads only ground truth: events recorded by the harness and by the OS and SDK stand-ins
/// (`TraceName.isGroundTruth`). An `ads.request` carries the OS tracking status, the consent
/// SDK's answer and the mode the ad SDK served it in, an `ads.start` what the SDK saw when it
/// started, and so on. What the glue logs is never read, so a glue that logs nothing is checked
/// exactly as well as ours. Each finding has the severity the rule set gives its rule: failures
/// fail the run, warnings are reported.
package final class RuleChecker: Sendable {
    /// The rules checked, and how severely.
    package let rules: RuleSet
    private let trace: Trace
    /// By event: the rules that are not off and can be broken by it, in checking order, each with the
    /// place of its state; and the places of the states it changes, with how.
    private let active: [TraceName: ActiveRules]
    private let state = Locked(State())

    /// The rules of a team's the set adds, each with its severity.
    private let custom: [(AnyRule, RuleSeverity)]

    private struct State {
        var facts = RunFacts()
        /// The state of each rule of the package's that keeps one, in the order of ``Rules/remembering``.
        var ruleStates = Rules.remembering.map { $0.1.start.fresh() }
        /// The state of each rule of a team's, in the order of ``custom``.
        var customStates: [any RuleState] = []
        /// Each finding: the rule, its severity, the event that made it, and the step that caused it.
        var findings: [(RuleID, RuleSeverity, Int, Int?)] = []
        /// Where the last step of each kind was recorded, and it, for a finding's cause.
        var lastStep: [Step.Kind: (index: Int, event: TraceEvent)] = [:]
    }

    /// Starts checking every event of the trace, those recorded so far (the device as the previous
    /// session left it) and every later one, by a rule set. The trace tells it of each event with the
    /// event's index, one at a time and in order, so a finding always names the event that made it,
    /// whichever thread recorded it.
    package init(checking trace: Trace, by rules: RuleSet) {
        self.trace = trace
        self.rules = rules
        active = Self.activeRules(rules)
        custom = rules.customRules.filter { $0.1 != .off }
        state.withLock { $0.customStates = custom.map { $0.0.memory.start.fresh() } }
        let held = WeakChecker(self)
        trace.observeFromStart { event, index in held.checker?.check(event, at: index) }
    }

    /// Every finding so far, failures and warnings, in order, each with its severity.
    package var findings: [Finding] {
        let (found, events) = (state.withLock { $0.findings }, trace.events)
        return found.map { rule, severity, index, cause in
            Finding(rule: rule, severity: severity, event: events[index], history: events, length: index + 1, causeIndex: cause)
        }
    }

    private func findings(at severity: RuleSeverity) -> [Finding] { findings.filter { $0.severity == severity } }

    /// What the checker carries from one event to the next, which decides what later events break.
    struct Debts: Hashable, Sendable {
        let facts: RunFacts
        /// The states of the package's rules that keep one (``RuleMemory``), as the explorer compares
        /// them: copies nothing changes.
        let rules: [any RuleState]
        /// The states of the rules of a team's, the same way.
        let custom: [any RuleState]

        /// Equal when the facts and every rule's state are.
        static func == (lhs: Debts, rhs: Debts) -> Bool {
            lhs.facts == rhs.facts && equal(lhs.rules, rhs.rules) && equal(lhs.custom, rhs.custom)
        }

        private static func equal(_ lhs: [any RuleState], _ rhs: [any RuleState]) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.isEqual(to: $1) }
        }

        /// Hashes what ``==(_:_:)`` compares.
        func hash(into hasher: inout Hasher) {
            hasher.combine(facts)
            for state in rules { state.hash(into: &hasher) }
            hasher.combine(custom.count)
            for state in custom { state.hash(into: &hasher) }
        }
    }

    /// The checker's open debts at `now`, for the explorer's state comparison.
    func debts(at now: Duration) -> Debts {
        state.withLock { state in
            Debts(
                facts: state.facts, rules: state.ruleStates.map { $0.compared(at: now) }, custom: state.customStates.map { $0.compared(at: now) })
        }
    }

    /// What the checker does at one kind of event.
    private struct ActiveRules {
        /// The rules that are not off and judge the event, in checking order, each with the place
        /// of its state in ``State/ruleStates`` if it keeps one.
        var judging: [(RuleDescriptor, RuleSeverity, Int?)] = []
        /// The places of the states the event changes.
        var learning: [Int] = []
    }

    /// The rules a rule set checks, by the event that can break each, in checking order: worked out
    /// once per rule set in a process, as every run of a search uses the same one.
    private static func activeRules(_ rules: RuleSet) -> [TraceName: ActiveRules] {
        if let known = activeByRuleSet.withLock({ $0[rules] }) { return known }
        var active: [TraceName: ActiveRules] = [:]
        let places = Dictionary(uniqueKeysWithValues: Rules.remembering.enumerated().map { ($0.element.0.id, $0.offset) })
        for (place, (_, memory)) in Rules.remembering.enumerated() {
            for name in memory.learnsFrom { active[name, default: ActiveRules()].learning.append(place) }
        }
        for rule in Rules.checkingOrder {
            let severity = rules.severity(of: rule.id)
            // A rule whose authority depends on the event is asked wherever it may be on.
            guard severity != .off || (rule.authorityAt != nil && rules.overrides[rule.id] == nil) else { continue }
            for name in rule.on { active[name, default: ActiveRules()].judging.append((rule, severity, places[rule.id])) }
        }
        activeByRuleSet.withLock { $0[rules] = active }
        return active
    }

    private static let activeByRuleSet = Locked<[RuleSet: [TraceName: ActiveRules]]>([:])

    private func check(_ event: TraceEvent, at index: Int) {
        guard event.name.isGroundTruth else { return }
        let atEvent = active[event.name]
        state.withLock { state in
            for (rule, severity, place) in atEvent?.judging ?? [] {
                let broken = if let place { state.ruleStates[place].breaks(event, state.facts) } else { rule.breaks(event, nil, state.facts) }
                guard broken else { continue }
                let severity = rule.authorityAt == nil ? severity : rules.severity(of: rule.id, at: rule.authority(at: event))
                guard severity != .off else { continue }
                // A finding made at a later event than the step it collects from points at that step.
                let cause = Self.cause(of: rule, at: index, state.lastStep)?.index
                state.findings.append((rule.id, severity, index, cause))
            }
            // A team's rule reads the facts as the package's rules do: as the run stood before the event.
            for (offset, (rule, severity)) in custom.enumerated() where rule.descriptor.on.contains(event.name) {
                let cause = Self.cause(of: rule.descriptor, at: index, state.lastStep)
                if state.customStates[offset].breaks(event, RuleContext(facts: state.facts, cause: cause?.event)) {
                    state.findings.append((rule.id, severity, index, cause?.index))
                }
            }
            state.facts.update(with: event)
            for place in atEvent?.learning ?? [] { state.ruleStates[place].learn(event, state.facts) }
            for (offset, (rule, _)) in custom.enumerated() where rule.descriptor.on.contains(event.name) {
                let cause = Self.cause(of: rule.descriptor, at: index, state.lastStep)
                state.customStates[offset].learn(event, RuleContext(facts: state.facts, cause: cause?.event))
            }
            // After the rules: a later tap's finding names the earlier tap that opened its debt.
            if event.name == .step, let step = event[.step] { state.lastStep[step] = (index, event) }
        }
    }

    /// The last step before the event at `index` of a kind the rule collects debts from, if any.
    private static func cause(of rule: RuleDescriptor, at index: Int, _ lastStep: [Step.Kind: (index: Int, event: TraceEvent)]) -> (
        index: Int, event: TraceEvent
    )? {
        rule.causedBy.compactMap { lastStep[$0] }.filter { $0.index < index }.max { $0.index < $1.index }
    }
}

/// A checker held weakly in a constant: a `[weak self]` capture is a variable, and reading it (on
/// every event recorded) costs a runtime check for exclusive access.
private final class WeakChecker: Sendable {
    weak let checker: RuleChecker?

    init(_ checker: RuleChecker) { self.checker = checker }
}
