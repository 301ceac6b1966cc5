import AdHarness
import StandInRuntime

/// The verdict's mismatch, named apart from ``JSONReport/Mismatch`` inside the extension.
typealias VerdictMismatch = Mismatch

extension JSONReport {
    /// One scenario file's result. `failure` and `error` are written as `null` when absent, so every
    /// entry has the same keys.
    public struct Entry: Hashable, Sendable, Codable {
        /// The file as shown.
        package var file: String
        /// The scenario's name; the file, when it could not be read.
        package var name: String
        /// `pass`, `fail` or `bad` (the file could not be read or decoded).
        public var status: ScenarioResult.Status
        /// Expectations that did not hold.
        package var mismatches: [Mismatch]
        /// The failure the scenario did not expect (a violation, a scenario issue), in words.
        package var failure: String?
        /// Why the file could not be read or decoded.
        public var error: String?
        /// Every rule the failing step broke (also when the scenario expected it).
        package var violations: [Violation]
        /// Every rule the run warned of, in order.
        package var warnings: [Violation]
        /// Every event of the run, in order.
        package var trace: [Event]

        /// The entry for a result.
        package init(_ result: ScenarioResult) {
            file = result.file
            name = result.name
            status = result.status
            let verdict = result.verdict
            mismatches = verdict?.mismatches.map(Mismatch.init) ?? []
            failure = verdict?.failure?.description
            error = result.error?.description
            violations = verdict?.violations.map(Violation.init) ?? []
            warnings = verdict?.warnings.map(Violation.init) ?? []
            trace = verdict?.trace.map(Event.init) ?? []
        }

        enum CodingKeys: String, CodingKey {
            case file, name, status, mismatches, failure, error, violations, warnings, trace
        }

        /// Encodes every key, `null` for what is absent.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(name, forKey: .name)
            try container.encode(status, forKey: .status)
            try container.encode(mismatches, forKey: .mismatches)
            try container.encode(failure, forKey: .failure)
            try container.encode(error, forKey: .error)
            try container.encode(violations, forKey: .violations)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(trace, forKey: .trace)
        }
    }

    /// One expectation that did not hold.
    package struct Mismatch: Hashable, Sendable, Codable {
        /// Which expectation, as a path in the scenario: `expect.adRequests[1].npa`.
        package var expectation: String
        /// What the scenario expected.
        package var expected: String
        /// What happened.
        package var actual: String

        init(_ mismatch: VerdictMismatch) {
            expectation = mismatch.expectation
            expected = mismatch.expected
            actual = mismatch.actual
        }
    }

    /// A rule broken, and where.
    package struct Violation: Hashable, Sendable, Codable {
        /// The rule's name: `personalizedOnlyWithBothAnswers`.
        package var invariant: String
        /// The rule in one sentence.
        package var rule: String
        /// Whose rule it is: `platform`, `guidance`, `revenue` or `policy`.
        package var authority: String
        /// Where the rule comes from.
        package var source: String
        /// The 0-based index in `trace` of the event that broke it.
        package var traceIndex: Int
        /// That event, as the text trace prints it.
        package var event: String

        init(_ violation: Finding) {
            invariant = violation.rule.rawValue
            rule = violation.rule.statement
            authority = violation.rule.authority.rawValue
            source = violation.rule.source
            traceIndex = violation.traceSoFar.count - 1
            event = violation.event.description
        }
    }

    /// One trace event.
    package struct Event: Hashable, Sendable, Codable {
        /// Virtual time, as the text trace prints it: `3.000s`.
        package var time: String
        /// The event's name: `ads.request`.
        package var name: String
        /// Who recorded it: `harness`, `standIn` (ground truth) or `glue` (the glue's own log).
        package var recorder: String
        /// The event's fields; a name given twice keeps its first value, as the trace's reader does.
        package var fields: [String: String]

        init(_ event: TraceEvent) {
            time = event.time.harnessDescription
            name = event.name.rawValue
            recorder = event.name.recordedBy.rawValue
            fields = Dictionary(event.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
