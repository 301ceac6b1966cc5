import StandInRuntime

/// A rule broken, at the event that broke it, with the trace up to it: a failure or a warning.
public struct Finding: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public var rule: RuleID
    /// How severely the run's rule set takes it.
    public var severity: RuleSeverity
    /// The event that broke it.
    public var event: TraceEvent
    /// Every event up to and including it.
    package var traceSoFar: [TraceEvent] {
        get { Array(history.prefix(length)) }
        set {
            history = newValue
            length = newValue.count
        }
    }
    /// The step that broke it and where a test called that step or a scenario file wrote it; `nil`
    /// where no line wrote it (the explorer's own steps, a scenario whose steps a test changed). For a finding made later than the step that caused it (a tap on
    /// an entry point that presents nothing, found at the run's end), that step.
    public var step: Step.Call?
    /// The step that caused a finding made at a later event (the run's end, the next tap), as the
    /// trace recorded it (`step step=openPrivacyOptions`); `nil` when the event itself is the cause.
    public var cause: TraceEvent? { causeIndex.map { history[$0] } }
    /// How many events of the trace lead up to the finding, its event included.
    package var traceLength: Int { length }
    /// Where ``cause`` is in the trace.
    package let causeIndex: Int?

    /// The run's trace when the finding was read, shared by every finding of the run (a run that
    /// loops makes thousands of findings; a copy of the trace each would grow its memory without bound).
    private var history: [TraceEvent]
    /// How many events of ``history`` lead up to the finding, its event included.
    private var length: Int

    /// A finding of a rule at an event.
    package init(rule: RuleID, severity: RuleSeverity = .failure, event: TraceEvent, traceSoFar: [TraceEvent]) {
        self.init(rule: rule, severity: severity, event: event, history: traceSoFar, length: traceSoFar.count, causeIndex: nil)
    }

    /// A finding at the event `length - 1` of a trace, sharing the trace's storage, caused by the
    /// step at `causeIndex` if another than the event's own.
    package init(rule: RuleID, severity: RuleSeverity, event: TraceEvent, history: [TraceEvent], length: Int, causeIndex: Int?) {
        self.rule = rule
        self.severity = severity
        self.event = event
        self.history = history
        self.length = length
        self.causeIndex = causeIndex
    }

    /// Findings are equal when they say the same: the rule, severity, event, trace so far and step.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rule == rhs.rule && lhs.severity == rhs.severity && lhs.event == rhs.event && lhs.step == rhs.step
            && lhs.length == rhs.length && lhs.history.prefix(lhs.length) == rhs.history.prefix(rhs.length)
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(severity)
        hasher.combine(event)
        hasher.combine(step)
        hasher.combine(length)
        for event in history.prefix(length) { hasher.combine(event) }
    }

    /// The rule, its name, whose it is and its severity, the event, and the trace so far, one event a line.
    public var description: String {
        """
        \(severity == .warning ? "warning" : "invariant violated"): \(rule.statement)
          rule: \(rule.rawValue) (\(authority), \(severity.rawValue))\(step.map { "\n  in step: \($0)" } ?? "")\(causeLine)
          at: \(event)
          trace so far:
        \(TraceEvent.textLines(traceSoFar).joined(separator: "\n"))
        """
    }

    /// `\n  caused by: 0.000s step step=openPrivacyOptions` when a step before the event caused it.
    private var causeLine: String { cause.map { "\n  caused by: \($0)" } ?? "" }

    /// Whose rule it is at the event that broke it (a rule's authority may depend on the OS version).
    public var authority: RuleAuthority { rule.descriptor.authority(at: event) }

    /// One line: the rule's name, its authority at the event, and where it comes from.
    public var summary: String {
        "\(rule.rawValue) (\(authority)) at \(event.time.harnessDescription) \(event.name): \(rule.statement); source: \(rule.source)"
    }
}
