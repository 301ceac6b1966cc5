import Foundation

/// The run, or one scenario's run, as JSON for tools: every field a report prints, in fields.
///
/// Keys are sorted and the indentation fixed, so the same run always prints the same bytes; every
/// type here decodes too, so a tool written in Swift can read the output back.
public enum JSONReport {
    /// A whole run: each result in order, and the counts.
    public struct Document: Hashable, Sendable, Codable {
        /// One entry per scenario file.
        public var results: [Entry]
        /// How many passed, failed and could not be read.
        public var summary: RunSummary
    }

    /// The document for a run.
    package static func document(for results: [ScenarioResult]) -> Document {
        Document(results: results.map(Entry.init), summary: RunSummary(results))
    }

    /// A whole run as JSON: `{"results": [...], "summary": {...}}`.
    package static func json(for results: [ScenarioResult]) -> String {
        encode(document(for: results))
    }

    /// One scenario's verdict and trace as JSON (what `adharness trace --format json` prints).
    package static func json(for result: ScenarioResult) -> String {
        encode(Entry(result))
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value is a string, a whole number, an array or an object: encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
