import AdHarness
import Foundation
import Scenarios
import StandInRuntime

/// Makes a run smaller while it still breaks the same rule (at failure or warning): fewer steps, fewer
/// faults, fewer and simpler answers given at once, and the settings the search chose back to
/// their defaults (Hypothesis' shrinking, greedily). Every candidate is written, decoded and run as
/// `adharness run` would, so the result replays.
///
/// The starting point's own settings (``pinned``: the device, published messages, previous session
/// and app settings a team wrote) stay as written: they describe the app, and a counterexample
/// without them describes a setup the app may not support, even where the finding still shows.
/// Only settings the search chose go back to their defaults. A smaller run is kept only if it
/// fails for the same reason: the same rule broken at the same kind of event, no rule broken that
/// the original run did not break, and no scenario issue (a prompt with no answer, a setting the
/// run cannot make).
struct Shrinker {
    let glue: GlueFactory?
    let rule: RuleID
    /// The starting point's settings, as its file wrote them (`device`, `previousSession`, `app`).
    let pinned: JSONValue
    /// How many candidate runs shrinking may make.
    var budget = 4_000
    /// Where the candidates run.
    var place = RunPlace.inProcess
    /// The rule set the candidates' rules of a team's are read against.
    let knownRules: RuleSet

    /// A shrinker for runs of `glue` (the reference glue if `nil`) that break `rule`, keeping
    /// the starting point's `pinned` settings, reading rules' names against `known`.
    init(glue: GlueFactory?, rule: RuleID, pinned: JSONValue = .object([]), knowing known: RuleSet = .standard) {
        self.glue = glue
        self.rule = rule
        self.pinned = pinned
        self.knownRules = known
    }

    /// The smallest draft found, and its violation.
    mutating func shrink(_ draft: ScenarioDraft) -> (ScenarioDraft, Finding)? {
        guard let original = outcome(of: draft), let violation = original.violation else { return nil }
        reason = Reason(rulesBroken: original.rulesBroken, event: violation.event.name, crash: Self.crash(violation.event))
        var best = (draft, violation)
        var improved = true
        while improved && budget > 0 {
            improved = false
            for candidate in candidates(of: best.0) {
                guard budget > 0 else { break }
                if let violation = reproduces(candidate) {
                    best = (candidate, violation)
                    improved = true
                    break
                }
            }
        }
        return best
    }

    /// The fixture text of a draft.
    static func fixture(_ draft: ScenarioDraft, name: String, description: String?, expect: FixtureExpectation = .nothing) throws -> String {
        try draft.json(name: name, description: description, expect: expect).text(indent: "  ") + "\n"
    }

    /// Why the original run failed: what a smaller run must keep.
    private struct Reason {
        /// Every rule the original run broke; a smaller run may break fewer, never another.
        var rulesBroken: Set<RuleID>
        /// The kind of event at which the original run broke the rule.
        var event: TraceName
        /// For a crash, why, and the trap's message: a smaller run that crashes otherwise is another bug.
        var crash: String?
    }

    /// `trap: Fatal error: ...` for a crash event; `nil` for any other.
    private static func crash(_ event: TraceEvent) -> String? {
        guard event.name == .appCrash else { return nil }
        return "\(event[.crashReason]?.rawValue ?? "?"): \(event[.detail] ?? "")"
    }

    /// What one run of a draft did.
    private struct Outcome {
        /// The first violation of the rule being shrunk, if any.
        var violation: Finding?
        /// Every rule the run broke.
        var rulesBroken: Set<RuleID>
        /// Whether the run stopped on something other than a broken rule (a scenario issue, a setup
        /// it cannot make, a step with the app not running).
        var stoppedOtherwise: Bool
    }

    private var reason: Reason?

    /// The run of a draft, written and decoded as a fixture; `nil` if it does not decode.
    private mutating func outcome(of draft: ScenarioDraft) -> Outcome? {
        budget -= 1
        guard let text = try? Self.fixture(draft, name: "candidate", description: nil),
            let scenario = try? Scenario.decode(Data(text.utf8), file: "inline scenario", knowing: knownRules).withoutStepLines()
        else { return nil }
        let verdict = place.verdict(of: scenario, text: text, glue: glue)
        let stoppedOtherwise: Bool =
            switch verdict.failure {
            case .invariantViolated?, nil: false
            case .scenarioIssue?, .invalidSetup?, .appNotRunning?: true
            }
        // Failures and warnings alike: a rule the search found at either severity is shrunk the same way.
        let findings = verdict.violations + verdict.warnings
        return Outcome(
            violation: findings.first { $0.rule == rule }, rulesBroken: Set(findings.map(\.rule)), stoppedOtherwise: stoppedOtherwise
        )
    }

    /// The violation of the same rule, if the draft still fails for the original reason.
    private mutating func reproduces(_ draft: ScenarioDraft) -> Finding? {
        guard let reason, let outcome = outcome(of: draft), !outcome.stoppedOtherwise,
            let violation = outcome.violation, violation.event.name == reason.event, Self.crash(violation.event) == reason.crash,
            outcome.rulesBroken.isSubset(of: reason.rulesBroken)
        else { return nil }
        return violation
    }

    /// Smaller drafts, the biggest cuts first.
    private func candidates(of draft: ScenarioDraft) -> [ScenarioDraft] {
        var result: [ScenarioDraft] = []
        for index in draft.steps.indices.reversed() {
            var next = draft
            next.steps.remove(at: index)
            result.append(next)
        }
        for index in draft.steps.indices.dropLast() {
            if case .advance(let first) = draft.steps[index], case .advance(let second) = draft.steps[index + 1] {
                var next = draft
                next.steps.replaceSubrange(index...index + 1, with: [.advance(first + second)])
                result.append(next)
            }
        }
        for index in draft.faults.indices {
            var next = draft
            next.faults.remove(at: index)
            result.append(next)
            if draft.faults[index].times == nil {
                next = draft
                next.faults[index].times = 1
                result.append(next)
            }
        }
        for index in draft.answers.indices {
            var next = draft
            next.answers.remove(at: index)
            result.append(next)
            if draft.answers[index].after != .zero {
                next = draft
                next.answers[index].after = .zero
                result.append(next)
            }
            for simpler in simplerAnswers(than: draft.answers[index]) {
                next = draft
                next.answers[index].answer = simpler
                result.append(next)
            }
        }
        for section in ["device", "previousSession", "app"] {
            for key in draft.base[section]?.keys ?? [] {
                let written = pinned[section]?[key]
                // A setting the starting point wrote describes the app: it stays as written.
                guard draft.base[section]?[key] != written else { continue }
                var next = draft
                var object = draft.base[section]
                object?[key] = written
                next.base[section] = object?.keys.isEmpty == true ? nil : object
                result.append(next)
            }
        }
        return result
    }

    /// The answers listed before this one (the first is the simplest), for its key.
    private func simplerAnswers(than choice: AnswerChoice) -> [String] {
        let all = ExplorationBounds(lateAnswers: false).answers(for: choice.key, onSheet: true)?.map(\.answer) ?? []
        guard let position = all.firstIndex(of: choice.answer) else { return [] }
        return Array(all[..<position])
    }
}
