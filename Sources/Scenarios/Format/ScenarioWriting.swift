import AdHarness
import MockAdNetwork
import StandInRuntime

// Writing a scenario: what the explorer found, as a format-1 fixture. Each part is written by the
// spec type that reads it (`Step`, `FaultSpec`, `AnswerSpelling`), through the same coding keys,
// so a field is spelled in one place.

/// What a written counterexample expects of its replay.
package enum FixtureExpectation: Sendable {
    /// Nothing: the replay fails while the run breaks a rule at failure, and passes once it is fixed.
    case nothing
    /// No warning (`expect.warnings: []`): the replay fails while the run warns, and passes once fixed.
    case noWarnings
    /// The run breaks this rule as a failure (`expect.violation`): a known bug, pinned.
    case violation(RuleID)
    /// The run warns of these rules, in order (`expect.warnings`): a known bug, pinned.
    case warnings([RuleID])

    /// The `expect` object.
    var object: JSONValue {
        let key = Expectations.CodingKeys.self
        return switch self {
        case .nothing: .object([])
        case .noWarnings: .object([(key.warnings.rawValue, .array([]))])
        case .violation(let rule): .object([(key.violation.rawValue, .string(rule.rawValue))])
        case .warnings(let rules): .object([(key.warnings.rawValue, .array(rules.map { .string($0.rawValue) }))])
        }
    }
}

extension Scenario {
    /// A fixture: the starting point's own object (`base`, kept as its author wrote it), with a
    /// name, the answers and faults a search chose added to its own, the steps, and what its replay
    /// is expected to show. Top-level keys come in the order the format declares them (``CodingKeys``).
    package static func fixture(
        base: JSONValue, name: String, description: String?, answers: [UserScriptKey: AnswerSpelling], faults: [Fault], steps: [Step],
        expect: FixtureExpectation
    ) throws -> JSONValue {
        var object = base
        object[CodingKeys.name] = .string(name)
        object[CodingKeys.description] = description.map(JSONValue.string)
        var user = base[CodingKeys.user.rawValue] ?? .object([])
        for key in UserScriptKey.allCases {
            guard let answer = answers[key] else { continue }
            guard let userKey = UserSpec.CodingKeys(rawValue: key.rawValue) else {
                throw EncodingError.invalidValue(
                    answer, EncodingError.Context(codingPath: [CodingKeys.user], debugDescription: "the user object has no key \(key.rawValue)"))
            }
            user[userKey] = try JSONValue(encoding: answer)
        }
        object[CodingKeys.user] = user.keys.isEmpty ? nil : user
        var faultList: [JSONValue] = if case .array(let given)? = base[CodingKeys.faults.rawValue] { given } else { [] }
        faultList += try faults.map { try JSONValue(encoding: FaultSpec($0)) }
        object[CodingKeys.faults] = faultList.isEmpty ? nil : .array(faultList)
        object[CodingKeys.steps] = try JSONValue(encoding: steps)
        object[CodingKeys.expect] = expect.object
        return object.ordered(by: CodingKeys.allCases.map(\.rawValue))
    }
}

extension JSONValue {
    /// The scenario object with its device's OS version, consent region and country set, as a
    /// search that varies the device writes them; `nil` leaves a field as the starting point has it.
    package func settingDevice(osVersion: String?, region: ConsentRegion?, country: String? = nil) -> JSONValue {
        guard osVersion != nil || region != nil || country != nil else { return self }
        var object = self
        var device = self[Scenario.CodingKeys.device] ?? .object([])
        if let osVersion { device[DeviceSpec.CodingKeys.osVersion] = .string(osVersion) }
        if let region { device[DeviceSpec.CodingKeys.region] = .string(region.rawValue) }
        if let country { device[DeviceSpec.CodingKeys.country] = .string(country) }
        object[Scenario.CodingKeys.device] = device
        return object
    }
}
