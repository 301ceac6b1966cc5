import AdHarness
import HarnessSupport
import Scenarios

/// A run the explorer wants to write down: the starting point's JSON, the answers and faults
/// chosen, and the steps, as a format-1 fixture. Shrinking edits drafts; each edit is checked by
/// decoding the fixture text and running it, so what is written is what replays.
struct ScenarioDraft: Hashable, Sendable {
    /// The starting point's object (device, app, previous session...), without steps or expectations.
    var base: JSONValue
    var answers: [AnswerChoice]
    var faults: [Fault]
    var steps: [Step]

    /// The fixture as a JSON object.
    func json(name: String, description: String?, expectedViolation: Invariant?) -> JSONValue {
        var object = base
        object["name"] = .string(name)
        object["description"] = description.map(JSONValue.string)
        var user = base["user"] ?? .object([])
        for choice in answers { user[choice.key.rawValue] = choice.json }
        object["user"] = user.keys.isEmpty ? nil : user
        var faultList: [JSONValue] = if case .array(let given)? = base["faults"] { given } else { [] }
        faultList += faults.map(\.json)
        object["faults"] = faultList.isEmpty ? nil : .array(faultList)
        object["steps"] = .array(steps.map(\.json))
        object["expect"] = .object(expectedViolation.map { [("violation", .string($0.rawValue))] } ?? [])
        return object.reordered
    }
}

extension AnswerChoice {
    /// `"allow"`, or `{"answer": "allow", "after": "61s"}`.
    var json: JSONValue {
        after == .zero ? .string(answer) : .object([("answer", .string(answer)), ("after", .string(after.exactText))])
    }
}
