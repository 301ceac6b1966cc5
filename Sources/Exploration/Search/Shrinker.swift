import AdHarness
import HarnessSupport
import Scenarios

/// Makes a failing run smaller while it still breaks the same invariant: fewer steps, fewer
/// faults, fewer and simpler answers given at once, and the starting point's settings back to their
/// defaults (Hypothesis' shrinking, greedily). Every candidate is written, decoded and run as
/// `adharness run` would, so the result replays.
struct Shrinker {
    let glue: GlueFactory?
    let invariant: Invariant
    /// How many candidate runs shrinking may make.
    var budget = 4_000

    /// The smallest draft found, and its violation.
    mutating func shrink(_ draft: ScenarioDraft) -> (ScenarioDraft, InvariantViolation)? {
        guard var best = reproduces(draft).map({ (draft, $0) }) else { return nil }
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
    static func fixture(_ draft: ScenarioDraft, name: String, description: String?, expectedViolation: Invariant?) -> String {
        draft.json(name: name, description: description, expectedViolation: expectedViolation).text(indent: "  ") + "\n"
    }

    /// The violation of the same invariant, if the draft, written and run, still breaks it.
    private mutating func reproduces(_ draft: ScenarioDraft) -> InvariantViolation? {
        budget -= 1
        let text = Self.fixture(draft, name: "candidate", description: nil, expectedViolation: nil)
        guard let scenario = try? Scenario.decode(json: text) else { return nil }
        return scenario.run(glue: glue).violations.first { $0.invariant == invariant }
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
                var next = draft
                var object = draft.base[section]
                object?[key] = nil
                next.base[section] = object?.keys.isEmpty == true ? nil : object
                result.append(next)
            }
        }
        return result
    }

    /// The answers listed before this one (the first is the simplest), for its key.
    private func simplerAnswers(than choice: AnswerChoice) -> [String] {
        let all = ExplorationBounds(lateAnswers: false).answers(for: choice.key)?.map(\.answer) ?? []
        guard let position = all.firstIndex(of: choice.answer) else { return [] }
        return Array(all[..<position])
    }
}
