import AdHarness
import Scenarios
import StandInRuntime

/// A run the explorer wants to write down: the starting point's JSON, the answers and faults
/// chosen, and the steps, as a format-1 fixture. Shrinking edits drafts; each edit is checked by
/// decoding the fixture text and running it, so what is written is what replays.
struct ScenarioDraft: Hashable, Sendable {
    /// The starting point's object (device, app, previous session...), without steps or expectations.
    var base: JSONValue
    var answers: [AnswerChoice]
    var faults: [Fault]
    var steps: [Step]

    /// The fixture as a JSON object, each part written by the spec type that reads it.
    func json(name: String, description: String?, expect: FixtureExpectation) throws -> JSONValue {
        try Scenario.fixture(
            base: base, name: name, description: description,
            answers: Dictionary(answers.map { ($0.key, AnswerSpelling($0.answer, after: $0.after)) }, uniquingKeysWith: { _, last in last }),
            faults: faults, steps: steps, expect: expect
        )
    }
}
