import AdHarness
import StandInRuntime

/// An event an expectation looks for: a name, and optionally fields it must have:
/// `"tracking.answer status=authorized prompted=true"`.
package struct TracePattern: Hashable, Sendable, Decodable, CustomStringConvertible {
    /// The event name.
    package var name: TraceName
    /// Fields the event must have, with these values.
    package var fields: [String: String]

    /// Why a pattern cannot be parsed.
    struct Problem: Error {
        let message: String
    }

    /// Parses `name key=value key=value`.
    static func parse(_ text: String) throws(Problem) -> TracePattern {
        let parts = text.split(separator: " ").map(String.init)
        guard let first = parts.first else { throw Problem(message: "expected an event name, got an empty string") }
        guard let name = TraceName(rawValue: first) else {
            throw Problem(message: "expected a trace event name (`adharness trace --names` lists them), found \"\(first)\"")
        }
        var fields: [String: String] = [:]
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, !pair[0].isEmpty else { throw Problem(message: "expected field=value after the event name, got \"\(part)\"") }
            if let renamed = retiredFields[name]?[pair[0]] {
                throw Problem(message: "\(name) has no field \(pair[0]) any more: \(renamed)")
            }
            fields[pair[0]] = pair[1]
        }
        return TracePattern(name: name, fields: fields)
    }

    /// Fields an event no longer records under that name, with what it records instead: a pattern
    /// that still names one would never match, and an `absent` expectation would pass for ever.
    static let retiredFields: [TraceName: [String: String]] = [
        .idfaRead: ["value": "it records identifier=zero|set"]
    ]

    init(name: TraceName, fields: [String: String]) {
        self.name = name
        self.fields = fields
    }

    /// Decodes `"tracking.answer status=authorized"`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self = try Self.parse(try container.decode(String.self))
        } catch let problem as Problem {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: problem.message)
        }
    }

    /// Whether an event matches.
    package func matches(_ event: TraceEvent) -> Bool {
        event.name == name && fields.allSatisfy { event[$0.key] == $0.value }
    }

    /// The pattern as written.
    package var description: String {
        ([name.rawValue] + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }
}
