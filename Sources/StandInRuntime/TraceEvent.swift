import AdRequestKit

/// One observable thing that happened, at a virtual time: the unit of the harness's trace.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    /// Virtual time when it happened.
    public var time: Duration
    /// What happened: `tracking.prompt`, `consent.update`, `ads.request`...
    public var name: TraceName
    /// The details, in a stable order.
    public var fields: [EventField]

    /// An event at a virtual time; a test builds one to compare a recorded trace against.
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

extension TraceEvent {
    /// The events as people read them, one a line, with each run of writes of the consent SDK's
    /// privacy signals (`IABTCF_*`, `IABGPP_*`: a dozen keys per answer) folded into one line with a
    /// count. Marked events are never folded and get `  > ` before them instead of `    `.
    package static func textLines<Events: Collection>(_ events: Events, marking marked: Set<Int> = []) -> [String]
    where Events.Element == TraceEvent, Events.Index == Int {
        var lines: [String] = []
        var index = events.startIndex
        while index < events.endIndex {
            let event = events[index]
            var end = index
            while end < events.endIndex, isSignalWrite(events[end]), !marked.contains(end) { end += 1 }
            if end - index > 1 {
                let keys = events[index..<end].compactMap { $0[.storageKey] }
                let prefixes = Set(keys.map { $0.hasPrefix("IABGPP") ? "IABGPP_*" : "IABTCF_*" }).sorted().joined(separator: ", ")
                lines.append("    \(event.time.harnessDescription)  store.set  \(prefixes): \(end - index) keys (the privacy signals; the JSON trace has each)")
                index = end
                continue
            }
            lines.append((marked.contains(index) ? "  > " : "    ") + event.description)
            index += 1
        }
        return lines
    }

    /// Whether the event writes one of the consent SDK's privacy-signal keys.
    private static func isSignalWrite(_ event: TraceEvent) -> Bool {
        event.name == .storeSet && (event[.storageKey].map { $0.hasPrefix("IABTCF_") || $0.hasPrefix("IABGPP_") } ?? false)
    }
}
