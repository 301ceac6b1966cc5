import AdHarness
import AdRequestKit
import Foundation
import MockAdNetwork
import Scenarios
import StandInRuntime

/// A path's request and its reply as tab-separated text, the two lines a search sends and reads for
/// every run: JSON for each would cost more than the run. A step and a fault are written as the
/// fixture format writes them (JSON, which holds no tab), each encoded and decoded once per process
/// and kept: a search meets the same few again and again.
///
/// The request: `P`, the last step (`-` none, `W` wait, else the step), the OS version and region
/// (`-` for the starting point's), the answers (`key:answer:seconds:attoseconds`, `;` between), the
/// calls met clean (`;` between), the faults chosen (`\u{1E}` between), the key of the state a run
/// may stay in (`-` for none), whether it runs on the world standing in the worker (`1`), then the
/// path's steps. The reply: `R`, the outcome's kind, the state's key and clean key, running, the
/// calls made, a wait due, the tracking toggle shown (`-`, `0` or `1` each where it has none), the
/// answer a prompt needs, the last step as it ran, the findings (JSON), whether the world stands
/// (`1`) and, for a violation, its steps.
final class PathLines: Sendable {
    private let stepTexts = Locked<[Step: String]>([:])
    private let steps = Locked<[String: Step]>([:])
    private let faultTexts = Locked<[Fault: String]>([:])
    private let faults = Locked<[String: Fault]>([:])
    private static let none = "-"
    /// The rules of a team's a reply's findings may name.
    private let knownRules: RuleSet

    /// Reads findings' rules of a team's against `known`.
    init(knowing known: RuleSet = .standard) { knownRules = known }

    /// The request line for a path.
    func request(_ path: [Step], then next: ExplorationStep?, decisions: Decisions, stayKey: Int?, onStanding: Bool) -> String {
        var fields = ["P"]
        switch next {
        case nil: fields.append(Self.none)
        case .wait?: fields.append("W")
        case .step(let step)?: fields.append(text(of: step))
        }
        fields += self.fields(of: decisions)
        fields.append(stayKey.map(String.init) ?? Self.none)
        fields.append(onStanding ? "1" : "0")
        fields += path.map(text(of:))
        return fields.joined(separator: "\t")
    }

    /// A request line read back.
    func readRequest(_ line: Substring) throws -> (steps: [Step], next: ExplorationStep?, decisions: Decisions, stayKey: Int?, onStanding: Bool) {
        let fields = line.fields("\t")
        guard fields.count >= 9, fields[0] == "P" else { throw WireError("a path request has fewer than nine fields: \(line.prefix(200))") }
        let next: ExplorationStep? =
            switch fields[1] {
            case Substring(Self.none): nil
            case "W": .wait
            default: .step(try step(fields[1]))
            }
        let decisions = try self.decisions(from: fields[2..<7])
        return (try fields.dropFirst(9).map(step), next, decisions, Int(fields[7]), fields[8] == "1")
    }

    /// Decisions as five fields: the OS version (`-` for the starting point's), the region (`-`
    /// likewise; `@` and the country after it when it has one), the answers
    /// (`key:answer:seconds:attoseconds`, `;` between), the calls met clean (`;` between), and the
    /// faults chosen (`\u{1E}` between).
    private func fields(of decisions: Decisions) -> [String] {
        let device = decisions.device
        return [
            device.osVersion ?? Self.none,
            (device.region?.rawValue ?? Self.none) + (device.country.map { "@" + $0 } ?? ""),
            decisions.answers.map { "\($0.key.rawValue):\($0.answer):\($0.after.components.seconds):\($0.after.components.attoseconds)" }
                .joined(separator: ";"),
            decisions.faults.filter { $0.value == nil }.keys.map(\.rawValue).sorted().joined(separator: ";"),
            decisions.chosenFaults.map(text(of:)).joined(separator: "\u{1E}"),
        ]
    }

    /// Decisions read back from their five fields (``fields(of:)``).
    private func decisions(from fields: ArraySlice<Substring>) throws -> Decisions {
        guard fields.count == 5 else { throw WireError("decisions need five fields, not \(fields.count)") }
        let fields = Array(fields)
        var decisions = Decisions()
        let region = fields[1].prefix { $0 != "@" }
        let country = fields[1].dropFirst(region.count + 1)
        decisions.device = DeviceVariant(
            osVersion: fields[0] == Substring(Self.none) ? nil : String(fields[0]),
            region: region == Self.none ? nil : ConsentRegion(rawValue: String(region)), country: country.isEmpty ? nil : String(country))
        for answer in fields[2].fields(";") where !answer.isEmpty {
            let parts = answer.fields(":")
            guard parts.count == 4, let key = UserScriptKey(rawValue: String(parts[0])), let seconds = Int64(parts[2]), let attoseconds = Int64(parts[3])
            else { throw WireError("an answer cannot be read: \(answer)") }
            decisions.answers.append(
                AnswerChoice(key: key, answer: String(parts[1]), after: Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)))
        }
        for target in fields[3].fields(";") where !target.isEmpty {
            guard let known = FaultTarget(rawValue: String(target)) else { throw WireError("decisions name no call \(target)") }
            decisions.faults[known] = .some(nil)
        }
        for text in fields[4].fields("\u{1E}") where !text.isEmpty {
            let fault = try fault(text)
            decisions.faults[fault.call] = .some(fault)
            decisions.chosenFaults.append(fault)
        }
        return decisions
    }

    /// The reply to a node's expansion (``expandRequest(_:)``): `X`, the runs, the steps without a
    /// replay, the paths that did not replay, the findings with their nodes (JSON, `-` for none:
    /// they are rare), then a field for each child (``text(of:key:after:)``, its steps after the
    /// parent's).
    func expansionReply(_ expansion: BreadthFirstSearch.Expansion, parent: BreadthFirstSearch.Node) -> String {
        var fields = ["X", String(expansion.executions), String(expansion.stepsWithoutReplay), String(expansion.pathsNotReplaying)]
        let findings = expansion.violations.isEmpty ? nil : (try? JSONEncoder().encode(ExpansionFindings(expansion)))
        fields.append(findings.map { String(decoding: $0, as: UTF8.self) } ?? Self.none)
        fields += expansion.children.map { text(of: $0, key: $1, after: parent) }
        return fields.joined(separator: "\t")
    }

    /// A node of the search as a field: its key, `running`, `pendingDue` and `toggleShown` (`0` or
    /// `1` each), its steps (`\u{1C}` between; with a `parent`, those after the parent's, or all of
    /// them after a `=` when they do not begin with the parent's), its steps without the ones that
    /// kept a state (`-` for none), and its decisions' five fields, all `\u{1F}` between.
    private func text(of node: BreadthFirstSearch.Node, key: Int, after parent: BreadthFirstSearch.Node?) -> String {
        let flag = { (value: Bool) in value ? "1" : "0" }
        let after = parent.map { node.steps.starts(with: $0.steps) } ?? false
        let steps = (after ? node.steps.dropFirst(parent?.steps.count ?? 0) : node.steps[...]).map(text(of:)).joined(separator: "\u{1C}")
        var parts = [String(key), flag(node.running) + flag(node.pendingDue) + flag(node.toggleShown)]
        parts.append(after || parent == nil ? steps : "=" + steps)
        parts.append(node.withoutStayingSteps.map { $0.map(text(of:)).joined(separator: "\u{1C}") } ?? Self.none)
        parts += fields(of: node.decisions)
        return parts.joined(separator: "\u{1F}")
    }

    /// A node read back from its field (``text(of:key:after:)``), with its key.
    private func node(_ field: Substring, after parent: BreadthFirstSearch.Node?) throws -> (BreadthFirstSearch.Node, Int) {
        let parts = field.fields("\u{1F}")
        guard parts.count == 9, let key = Int(parts[0]), parts[1].count == 3 else { throw WireError("a node cannot be read: \(field.prefix(200))") }
        let flags = Array(parts[1])
        let whole = parts[2].hasPrefix("=")
        let steps = try parts[2].dropFirst(whole ? 1 : 0).fields("\u{1C}").filter { !$0.isEmpty }.map(step)
        let withoutStaying = parts[3] == Substring(Self.none) ? nil : try parts[3].fields("\u{1C}").filter { !$0.isEmpty }.map(step)
        let node = BreadthFirstSearch.Node(
            steps: whole || parent == nil ? steps : (parent?.steps ?? []) + steps, decisions: try decisions(from: parts[4..<9]),
            running: flags[0] == "1", pendingDue: flags[1] == "1", toggleShown: flags[2] == "1", withoutStayingSteps: withoutStaying)
        return (node.keyed(key), key)
    }

    /// The request to expand a node of the search: `N`, the node.
    func expandRequest(_ node: BreadthFirstSearch.Node) -> String {
        ["N", text(of: node, key: node.key, after: nil)].joined(separator: "\t")
    }

    /// An expansion's request read back: the node.
    func readExpandRequest(_ line: Substring) throws -> BreadthFirstSearch.Node {
        let fields = line.fields("\t")
        guard fields.count == 2, fields[0] == "N" else { throw WireError("an expansion's request has not two fields: \(line.prefix(200))") }
        return try node(fields[1], after: nil).0
    }

    /// An expansion's reply read back, its children's steps after `parent`'s.
    func readExpansion(_ line: Substring, parent: BreadthFirstSearch.Node) throws -> BreadthFirstSearch.Expansion {
        let fields = line.fields("\t")
        guard fields.count >= 5, fields[0] == "X", let executions = Int(fields[1]), let withoutReplay = Int(fields[2]), let notReplaying = Int(fields[3])
        else { throw WireError("an expansion's reply has fewer than five fields: \(line.prefix(200))") }
        var expansion = BreadthFirstSearch.Expansion()
        (expansion.executions, expansion.stepsWithoutReplay, expansion.pathsNotReplaying) = (executions, withoutReplay, notReplaying)
        if fields[4] != Substring(Self.none) {
            expansion.violations = try WireDecoding.decoder(knowing: knownRules).decode(ExpansionFindings.self, from: Data(fields[4].utf8)).value()
        }
        expansion.children = try fields.dropFirst(5).map { try node($0, after: parent) }
        return expansion
    }

    /// The reply line for a path's run.
    func reply(_ outcome: PathRun.Outcome, concrete: Step?, stayed: Bool) -> String {
        var fields = ["R"]
        let flag = { (value: Bool) in value ? "1" : "0" }
        var findings: [Finding] = []
        var violationSteps: [Step] = []
        switch outcome {
        case .reached(let key, let cleanKey, let running, let consulted, let pendingDue, let toggleShown, let failures):
            let calls = consulted.map(\.rawValue).joined(separator: ";")
            fields += ["reached", String(key), String(cleanKey), flag(running), calls, flag(pendingDue), flag(toggleShown), Self.none]
            findings = failures
        case .violation(let violations, let steps):
            fields += ["violation", Self.none, Self.none, Self.none, "", Self.none, Self.none, Self.none]
            (findings, violationSteps) = (violations, steps)
        case .needsAnswer(let key, let onSheet):
            // The key, and whether the tracking prompt was the expanded sheet.
            fields += ["needsAnswer", Self.none, Self.none, Self.none, "", Self.none, Self.none, key.rawValue + (onSheet ? "+sheet" : "")]
        case .impossible:
            fields += ["impossible", Self.none, Self.none, Self.none, "", Self.none, Self.none, Self.none]
        }
        fields.append(concrete.map(text(of:)) ?? Self.none)
        let encoded = findings.isEmpty ? nil : (try? JSONEncoder().encode(WireFindings(findings))).map { String(decoding: $0, as: UTF8.self) }
        fields.append(encoded ?? Self.none)
        fields.append(flag(stayed))
        fields += violationSteps.map(text(of:))
        return fields.joined(separator: "\t")
    }

    /// A reply line read back: the outcome, the last step as it ran, and whether the world stands.
    func readReply(_ line: Substring) throws -> (PathRun.Outcome, Step?, stayed: Bool) {
        let fields = line.fields("\t")
        guard fields.count >= 12, fields[0] == "R" else { throw WireError("a path reply has fewer than twelve fields: \(line.prefix(200))") }
        let concrete = fields[9] == Substring(Self.none) ? nil : try step(fields[9])
        let findings =
            fields[10] == Substring(Self.none)
            ? [] : try WireDecoding.decoder(knowing: knownRules).decode(WireFindings.self, from: Data(fields[10].utf8)).value()
        let outcome: PathRun.Outcome
        switch fields[1] {
        case "reached":
            guard let key = Int(fields[2]), let cleanKey = Int(fields[3]) else { throw WireError("a path reply has no state: \(line.prefix(200))") }
            let consulted = try fields[5].fields(";").filter { !$0.isEmpty }.map { target in
                guard let known = FaultTarget(rawValue: String(target)) else { throw WireError("a path reply names no call \(target)") }
                return known
            }
            outcome = .reached(
                key: key, cleanKey: cleanKey, running: fields[4] == "1", consulted: consulted, pendingDue: fields[6] == "1", toggleShown: fields[7] == "1",
                failures: findings)
        case "violation":
            outcome = .violation(findings, steps: try fields.dropFirst(12).map(step))
        case "needsAnswer":
            let onSheet = fields[8].hasSuffix("+sheet")
            guard let key = UserScriptKey(rawValue: String(onSheet ? fields[8].dropLast(6) : fields[8])) else {
                throw WireError("a path reply needs an answer for no key: \(fields[8])")
            }
            outcome = .needsAnswer(key, onSheet: onSheet)
        default:
            outcome = .impossible
        }
        return (outcome, concrete, fields[11] == "1")
    }

    private func text(of step: Step) -> String {
        if let known = stepTexts.withLock({ $0[step] }) { return known }
        let text = (try? JSONEncoder().encode(step)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        stepTexts.withLock { $0[step] = text }
        return text
    }

    private func step(_ text: Substring) throws -> Step {
        let key = String(text)
        if let known = steps.withLock({ $0[key] }) { return known }
        let step = try JSONDecoder().decode(Step.self, from: Data(key.utf8))
        steps.withLock { $0[key] = step }
        return step
    }

    private func text(of fault: Fault) -> String {
        if let known = faultTexts.withLock({ $0[fault] }) { return known }
        let text = (try? JSONEncoder().encode(FaultSpec(fault))).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        faultTexts.withLock { $0[fault] = text }
        return text
    }

    private func fault(_ text: Substring) throws -> Fault {
        let key = String(text)
        if let known = faults.withLock({ $0[key] }) { return known }
        let fault = try JSONDecoder().decode(FaultSpec.self, from: Data(key.utf8)).fault
        faults.withLock { $0[key] = fault }
        return fault
    }
}

extension StringProtocol {
    /// The parts between each `separator`, an ASCII character, found byte by byte (a line's
    /// separators are ASCII, so no character needs to be put together to find them).
    func fields(_ separator: Unicode.Scalar) -> [Substring] {
        let byte = UInt8(ascii: separator)
        var parts: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            if utf8[index] == byte {
                parts.append(Substring(String(decoding: utf8[start..<index], as: UTF8.self)))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        parts.append(Substring(String(decoding: utf8[start..<utf8.endIndex], as: UTF8.self)))
        return parts
    }
}
