import AdRequestKit

/// One observable thing that happened, at a virtual time: the unit of the harness's trace.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    /// Virtual time when it happened.
    public var time: Duration
    /// What happened: `tracking.prompt`, `consent.update`, `ads.request`...
    public var name: TraceName
    /// The details, in a stable order.
    public var fields: [EventField]

    /// Creates an event.
    public init(time: Duration, name: TraceName, fields: [EventField] = []) {
        self.time = time
        self.name = name
        self.fields = fields
    }

    /// The value of a field, if the event has it.
    public subscript(field: String) -> String? { fields[field: field] }

    /// `3.400s  tracking.answer  status=authorized prompted=true`.
    public var description: String {
        let details = fields.map(\.description).joined(separator: " ")
        return details.isEmpty ? "\(time.harnessDescription)  \(name)" : "\(time.harnessDescription)  \(name)  \(details)"
    }
}
