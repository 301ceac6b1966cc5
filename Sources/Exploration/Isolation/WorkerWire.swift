import AdHarness
import AdRequestKit
import Foundation
import MockAdNetwork
import Scenarios
import StandInRuntime

// What crosses between the supervisor and a worker process: one JSON object a line each way. A
// request names what to run (an explorer path, a fixture, a random walk); the worker answers with
// lines as the run goes (its events: every one for a fixture, the steps and duplicate deliveries for
// the rest, so a run that dies leaves where it died) and one line with the result. Only values the
// harness makes cross: a glue is named, never sent.

/// The first line a worker reads: the glue it hosts and, for an explorer, where paths start.
struct WorkerSetup: Codable, Sendable {
    /// The glue's name in the worker's tool; `nil` for the reference glue each scenario sets up.
    var glue: String?
    /// The explorer's starting point, as the explorer decoded it.
    var start: String?
    /// How many faults the explorer's runs may carry, which the states' keys count.
    var maxFaults = 1
    /// Whether a path's run goes on past a failure.
    var goesOnPastFailures = true
    /// How a breadth-first search expands a node, for a worker that expands whole nodes.
    var search: WireSearch?
}

/// A request in JSON: exactly one of its parts. A path's request, the one a search sends most, is
/// a line of text instead (``PathLines``).
struct WorkerRequest: Codable, Sendable {
    var fixture: FixtureRequest?
    var walk: WalkRequest?

    /// The request's line.
    var line: String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A fixture to run, given as its text or by its file, or both: a file's text as the supervisor
/// read it, placed at the file (its name in errors and step lines, its folder for `infoPlistFile`).
struct FixtureRequest: Codable, Sendable {
    var text: String?
    var name: String?
    var file: String?
    var displayPath: String?
    var rules: String?
}

/// A random walk: its choices (drawn by the supervisor), the state of its generator after them,
/// the steps it may take, and how many.
struct WalkRequest: Codable, Sendable {
    var decisions: WireDecisions
    var random: UInt64
    var steps: [WireExplorationStep]
    var depth: Int
}

/// A line from a worker, in JSON. The lines sent most (events, the run's end beginning, a beat)
/// are written compactly instead (``CompactLine``).
struct WorkerLine: Codable, Sendable {
    /// The worker has read its setup and takes requests.
    var ready: Bool?
    /// The step a path or a walk takes next, as it will run, before it runs (when the supervisor
    /// cannot know it: a `wait`, a walk's draw).
    var next: Step?
    var verdict: WireVerdict?
    var walk: WalkReply?
    /// The request could not be read: a supervisor's or worker's bug, said in words.
    var problem: String?
}

/// What a worker sends, read back: an event, the run's end beginning, or a JSON line.
enum WorkerMessage: Sendable {
    case event(TraceEvent)
    case finishing
    case beat
    /// A path's reply, read with ``PathLines``.
    case pathReply(String)
    /// An expansion's reply, read by ``PathLines/readExpansion(_:parent:)``.
    case expansion(String)
    case line(WorkerLine)
}

/// The lines a worker sends most, as tab-separated text rather than JSON: an event is
/// `E`, its time's seconds and attoseconds, its name, then `name=value` fields; `F` says the run's
/// end begins; `B` is progress with nothing to say (many events recorded and not sent). A tab, a
/// newline or a backslash in a value is escaped.
enum CompactLine {
    static let finishing = "F"
    static let beat = "B"

    /// An event's line.
    static func line(_ event: TraceEvent) -> String {
        let (seconds, attoseconds) = event.time.components
        var line = "E\t\(seconds)\t\(attoseconds)\t\(event.name.rawValue)"
        for field in event.fields { line += "\t" + escaped(field.name) + "=" + escaped(field.value) }
        return line
    }

    /// What a line says: `nil` for a JSON line.
    static func message(_ line: Substring) throws -> WorkerMessage? {
        if line == finishing { return .finishing }
        if line == beat { return .beat }
        if line.hasPrefix("R\t") { return .pathReply(String(line)) }
        if line.hasPrefix("X\t") { return .expansion(String(line)) }
        guard line.hasPrefix("E\t") else { return nil }
        let parts = line.fields("\t")
        guard parts.count >= 4, let seconds = Int64(parts[1]), let attoseconds = Int64(parts[2]), let name = TraceName(rawValue: String(parts[3])) else {
            throw WireError("a worker sent an event this supervisor cannot read: \(line.prefix(200))")
        }
        let fields = parts.dropFirst(4).map { part -> EventField in
            // A name holds no `=` (it is escaped): the first one ends it.
            let name = part.prefix { $0 != "=" }
            let value = part.dropFirst(name.count + 1)
            return EventField(unescaped(name), unescaped(value))
        }
        return .event(TraceEvent(time: Duration(secondsComponent: seconds, attosecondsComponent: attoseconds), name: name, fields: fields))
    }

    private static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "=" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "=": result += "\\e"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescaped(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                case "e": result += "="
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// A walk's steps, the states it passed (their hashes), and what it broke.
struct WalkReply: Codable, Sendable {
    var steps: [Step]
    var states: [Int]
    var findings: WireFindings
}

/// ``ExplorationStep``.
struct WireExplorationStep: Codable, Sendable {
    var step: Step?

    init(_ step: ExplorationStep) {
        if case .step(let value) = step { self.step = value }
    }

    var value: ExplorationStep { step.map { .step($0) } ?? .wait }
}

/// ``Decisions``, with the targets met in the order they were decided.
struct WireDecisions: Codable, Sendable {
    struct Answer: Codable, Sendable {
        var key: String
        var answer: String
        var after: Duration
    }
    struct Met: Codable, Sendable {
        var target: FaultTarget
        var fault: FaultSpec?
    }
    var answers: [Answer]
    var met: [Met]
    var chosen: [FaultSpec]
    var osVersion: String?
    var region: String?
    var country: String?

    init(_ decisions: Decisions) {
        answers = decisions.answers.map { Answer(key: $0.key.rawValue, answer: $0.answer, after: $0.after) }
        met = decisions.faults.keys.sorted { $0.rawValue < $1.rawValue }.map { Met(target: $0, fault: decisions.faults[$0]!.map(FaultSpec.init)) }
        chosen = decisions.chosenFaults.map(FaultSpec.init)
        osVersion = decisions.device.osVersion
        region = decisions.device.region?.rawValue
        country = decisions.device.country
    }

    var value: Decisions {
        var decisions = Decisions()
        decisions.answers = answers.compactMap { answer in
            UserScriptKey(rawValue: answer.key).map { AnswerChoice(key: $0, answer: answer.answer, after: answer.after) }
        }
        for entry in met { decisions.faults[entry.target] = .some(entry.fault?.fault) }
        decisions.chosenFaults = chosen.map(\.fault)
        decisions.device = DeviceVariant(osVersion: osVersion, region: region.flatMap(ConsentRegion.init(rawValue:)), country: country)
        return decisions
    }
}

/// A trace event: its time, name and fields.
struct WireEvent: Codable, Sendable {
    var time: Duration
    var name: String
    var fields: [[String]]

    init(_ event: TraceEvent) {
        time = event.time
        name = event.name.rawValue
        fields = event.fields.map { [$0.name, $0.value] }
    }

    func value() throws -> TraceEvent {
        guard let known = TraceName(rawValue: name) else { throw WireError("a worker sent an event named \(name), which this tool does not know") }
        return TraceEvent(time: time, name: known, fields: fields.map { EventField($0.first ?? "", $0.count > 1 ? $0[1] : "") })
    }
}

/// Findings of one run: the trace of the longest once, and each finding as a prefix of it.
struct WireFindings: Codable, Sendable {
    struct Entry: Codable, Sendable {
        var rule: RuleID
        var severity: RuleSeverity
        var length: Int
        var step: String?
        var fileID: String?
        var line: Int?
        var cause: Int?

        init(_ violation: Finding) {
            rule = violation.rule
            severity = violation.severity
            length = violation.traceLength
            step = violation.step?.step
            fileID = violation.step?.site.fileID
            line = violation.step?.site.line
            cause = violation.causeIndex
        }

        func value(in events: [TraceEvent]) throws -> Finding {
            guard length >= 1, length <= events.count else { throw WireError("a worker sent a finding past its trace") }
            var violation = Finding(
                rule: rule, severity: severity, event: events[length - 1], history: events, length: length, causeIndex: cause)
            violation.step = step.map { Step.Call(step: $0, site: fileID.map { CallSite(fileID: $0, line: line ?? 0) } ?? .unwritten) }
            return violation
        }
    }
    var events: [WireEvent]
    var findings: [Entry]

    init(_ violations: [Finding]) {
        let longest = violations.max { $0.traceLength < $1.traceLength }
        events = longest.map { $0.traceSoFar.map(WireEvent.init) } ?? []
        findings = violations.map(Entry.init)
    }

    func value() throws -> [Finding] {
        guard !findings.isEmpty else { return [] }
        let trace = try events.map { try $0.value() }
        return try findings.map { try $0.value(in: trace) }
    }
}

/// ``ScenarioVerdict`` without its trace, which the worker sent event by event as the run went.
struct WireVerdict: Codable, Sendable {
    struct Miss: Codable, Sendable {
        var expectation: String
        var expected: String
        var actual: String
        var divergence: Int?
    }
    struct Failure: Codable, Sendable {
        /// A violation of ``WireVerdict/violations``'s kind, with its own finding.
        var violation: WireFindings.Entry?
        var issue: String?
        var issueTraceLength: Int?
        var invalidSetup: String?
        var notRunningStep: String?
        var notRunningReason: String?
    }
    var name: String
    var mismatches: [Miss]
    var failure: Failure?
    var violations: [WireFindings.Entry]
    var warnings: [WireFindings.Entry]
    var rules: String
    var expectedWarnings: [RuleID]

    init(_ verdict: ScenarioVerdict) {
        name = verdict.name
        mismatches = verdict.mismatches.map { Miss(expectation: $0.expectation, expected: $0.expected, actual: $0.actual, divergence: $0.divergence) }
        switch verdict.failure {
        case nil: failure = nil
        case .invariantViolated(let violation)?: failure = Failure(violation: WireFindings.Entry(violation))
        case .scenarioIssue(let issue, let trace)?: failure = Failure(issue: issue, issueTraceLength: trace.count)
        case .invalidSetup(let problem)?: failure = Failure(invalidSetup: problem)
        case .appNotRunning(let step, let reason)?: failure = Failure(notRunningStep: step, notRunningReason: reason)
        }
        violations = verdict.violations.map(WireFindings.Entry.init)
        warnings = verdict.warnings.map(WireFindings.Entry.init)
        rules = verdict.rules.description
        expectedWarnings = verdict.expectedWarnings
    }

    /// The verdict, with the trace the worker sent.
    func value(trace: [TraceEvent], knowing known: RuleSet) throws -> ScenarioVerdict {
        let failure: HarnessFailure? =
            if let failure = self.failure {
                if let violation = failure.violation {
                    .invariantViolated(try violation.value(in: trace))
                } else if let issue = failure.issue {
                    .scenarioIssue(issue, trace: Array(trace.prefix(failure.issueTraceLength ?? trace.count)))
                } else if let problem = failure.invalidSetup {
                    .invalidSetup(problem)
                } else {
                    .appNotRunning(step: failure.notRunningStep ?? "", reason: failure.notRunningReason ?? "")
                }
            } else {
                nil
            }
        return .of(
            name: name, trace: trace,
            mismatches: mismatches.map { .of(expectation: $0.expectation, expected: $0.expected, actual: $0.actual, divergence: $0.divergence) },
            failure: failure, violations: try violations.map { try $0.value(in: trace) }, warnings: try warnings.map { try $0.value(in: trace) },
            rules: (try? RuleSet(parsing: rules, knowing: known)) ?? .standard, expectedWarnings: expectedWarnings)
    }
}

/// A line a worker or its supervisor could not make sense of.
struct WireError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// ``ExplorationBounds``, as a worker that expands a search's nodes needs them.
struct WireBounds: Codable, Sendable {
    var depth: Int
    var steps: [WireExplorationStep]
    var maxFaults: Int
    var lateAnswers: Bool
    var faultTimes: [Int?]
    /// The app's timeouts, in the order of ``CallbackTimeouts``' initializer.
    var timeouts: [Duration]
    var stopAtFirstViolation: Bool
    var leftOut: [String]

    init(_ bounds: ExplorationBounds) {
        depth = bounds.depth
        steps = bounds.steps.map(WireExplorationStep.init)
        maxFaults = bounds.maxFaults
        lateAnswers = bounds.lateAnswers
        faultTimes = bounds.faultTimes
        let timeouts = bounds.timeouts
        self.timeouts = [timeouts.trackingRequest, timeouts.consentInfoUpdate, timeouts.formLoad, timeouts.formPresent, timeouts.adLoad]
        stopAtFirstViolation = bounds.stopAtFirstViolation
        leftOut = bounds.leftOut.sorted()
    }

    var value: ExplorationBounds {
        var bounds = ExplorationBounds(
            depth: depth, steps: steps.map(\.value), maxFaults: maxFaults, lateAnswers: lateAnswers, faultTimes: faultTimes,
            stopAtFirstViolation: stopAtFirstViolation)
        if timeouts.count == 5 {
            bounds.timeouts = CallbackTimeouts(
                trackingRequest: timeouts[0], consentInfoUpdate: timeouts[1], formLoad: timeouts[2], formPresent: timeouts[3], adLoad: timeouts[4])
        }
        bounds.leftOut = Set(leftOut)
        return bounds
    }
}

/// How a search expands its nodes, sent once in a worker's setup: its bounds and switches.
struct WireSearch: Codable, Sendable {
    var bounds: WireBounds
    var keepsStandingRuns: Bool
    var checksPaths: Bool
}

/// ``BreadthFirstSearch/Node``.
struct WireNode: Codable, Sendable {
    var steps: [Step]
    var decisions: WireDecisions
    var running: Bool
    var pendingDue: Bool
    var toggleShown: Bool
    var key: Int
    var withoutStayingSteps: [Step]?

    init(_ node: BreadthFirstSearch.Node) {
        steps = node.steps
        decisions = WireDecisions(node.decisions)
        running = node.running
        pendingDue = node.pendingDue
        toggleShown = node.toggleShown
        key = node.key
        withoutStayingSteps = node.withoutStayingSteps
    }

    var value: BreadthFirstSearch.Node {
        BreadthFirstSearch.Node(
            steps: steps, decisions: decisions.value, running: running, pendingDue: pendingDue, toggleShown: toggleShown,
            withoutStayingSteps: withoutStayingSteps
        ).keyed(key)
    }
}

/// An expansion's findings (rare), each with its own run's trace and the node it was found on.
struct ExpansionFindings: Codable, Sendable {
    var findings: [WireFindings]
    var nodes: [WireNode]

    init(_ expansion: BreadthFirstSearch.Expansion) {
        findings = expansion.violations.map { WireFindings([$0.0]) }
        nodes = expansion.violations.map { WireNode($0.1) }
    }

    func value() throws -> [(Finding, BreadthFirstSearch.Node)] {
        let violations = try findings.flatMap { try $0.value() }
        guard violations.count == nodes.count else { throw WireError("an expansion has \(violations.count) findings for \(nodes.count) nodes") }
        return Array(zip(violations, nodes.map(\.value)))
    }
}

/// The decoder of what a worker sends: a finding's rule of a team's is read against the rules the
/// supervisor knows.
enum WireDecoding {
    /// A JSON decoder that reads rules' names against `known`.
    static func decoder(knowing known: RuleSet) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[RuleID.knownRulesKey] = known
        return decoder
    }
}
