import HarnessSupport

/// The first event that broke an invariant, with the trace up to it.
public struct InvariantViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public var invariant: Invariant
    /// The event that broke it.
    public var event: TraceEvent
    /// Every event up to and including it.
    public var traceSoFar: [TraceEvent]

    /// The rule, the event, and the trace so far, one event a line.
    public var description: String {
        """
        invariant violated: \(invariant.rule)
          at: \(event)
          trace so far:
        \(traceSoFar.map { "    \($0)" }.joined(separator: "\n"))
        """
    }
}
