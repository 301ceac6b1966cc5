import AdHarness
import StandInRuntime

/// A scenario's run as a Mermaid sequence diagram, which GitHub and most docs tools render.
///
/// The participants are the user, the OS, the app's glue, the consent SDK and the ad SDK; each
/// event is drawn as ``MermaidStroke/strokes(for:)`` says. Virtual time is a note left of `User`
/// whenever it moves; the event that broke a rule is highlighted in a red `rect` with a
/// `VIOLATION` note; the verdict closes the diagram.
package enum MermaidDiagram {
    /// The background of the event that broke a rule.
    package static let violationHighlight = "rect rgb(255, 221, 221)"

    /// The diagram for a verdict: `sequenceDiagram`, then one statement a line.
    package static func sequence(for verdict: ScenarioVerdict) -> String {
        var lines = ["sequenceDiagram"] + MermaidParticipant.allCases.map { "    \($0.declaration)" }
        lines.append(spanningNote(verdict.name))
        var broken: [Int: [Finding]] = [:]
        for violation in verdict.violations { broken[violation.traceSoFar.count - 1, default: []].append(violation) }
        var shownTime: Duration?
        for (index, event) in verdict.trace.enumerated() {
            let statements = self.statements(for: event)
            let violations = broken[index] ?? []
            guard !statements.isEmpty || !violations.isEmpty else { continue }
            if event.time != shownTime {
                lines.append("    Note left of \(MermaidParticipant.user.id): \(event.time.harnessDescription)")
                shownTime = event.time
            }
            if violations.isEmpty {
                lines += statements.map { "    \($0)" }
            } else {
                lines.append("    \(violationHighlight)")
                lines += statements.map { "        \($0)" }
                lines += violations.map { "    " + spanningNote("VIOLATION \($0.rule.rawValue): \($0.rule.statement)") }
                lines.append("    end")
            }
        }
        lines += verdictLines(verdict).map(spanningNote)
        return lines.joined(separator: "\n")
    }

    /// The statements one event is drawn as; an event the table does not know is a note over `App`.
    static func statements(for event: TraceEvent) -> [String] {
        let strokes = MermaidStroke.strokes(for: event.name) ?? [MermaidStroke(.note(.app, nil), event.name.rawValue)]
        return strokes.compactMap { $0.statement(for: event) }
    }

    /// `PASS` (saying so when the violation drawn was expected), or `FAIL` with the failure's
    /// first line and each expectation that did not hold.
    static func verdictLines(_ verdict: ScenarioVerdict) -> [String] {
        guard !verdict.passed else { return [verdict.violations.isEmpty ? "PASS" : "PASS: the scenario expects this violation"] }
        return ["FAIL"] + verdict.failureLines
    }

    /// A note across every participant, escaped.
    static func spanningNote(_ text: String) -> String {
        let first = MermaidParticipant.allCases.first ?? .user
        let last = MermaidParticipant.allCases.last ?? .ads
        return "    Note over \(first.id),\(last.id): \(MermaidText.escaped(text))"
    }
}
