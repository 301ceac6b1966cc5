import HarnessSupport

/// A rule broken, at the event that broke it, with the trace up to it: a failure or a warning.
public struct InvariantViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public var invariant: Invariant
    /// How severely the run's rule set takes it.
    public var severity: RuleSeverity
    /// The event that broke it.
    public var event: TraceEvent
    /// Every event up to and including it.
    public var traceSoFar: [TraceEvent]
    /// The step that broke it and where the test called that step, when a test stepped the app.
    public var step: StepCall?

    /// A finding of a rule at an event.
    public init(invariant: Invariant, severity: RuleSeverity = .failure, event: TraceEvent, traceSoFar: [TraceEvent]) {
        self.invariant = invariant
        self.severity = severity
        self.event = event
        self.traceSoFar = traceSoFar
    }

    /// The rule, the event, and the trace so far, one event a line.
    public var description: String {
        """
        \(severity == .warning ? "warning" : "invariant violated"): \(invariant.rule)\(step.map { "\n  in step: \($0)" } ?? "")
          at: \(event)
          trace so far:
        \(TraceEvent.textLines(traceSoFar).joined(separator: "\n"))
        """
    }

    /// One line: the rule's name, its authority, and where it comes from.
    public var summary: String {
        "\(invariant.rawValue) (\(invariant.authority)) at \(event.time.harnessDescription) \(event.name): \(invariant.rule); source: \(invariant.source)"
    }
}
