import AdHarness
import HarnessSupport
import MockAdNetwork

// Writing a scenario: what the explorer found, as a format-1 fixture. Each part is written by the
// spec type that reads it (`Step`, `FaultSpec`, `AnswerSpelling`), through the same coding keys,
// so a field is spelled in one place.

extension Scenario {
    /// A fixture: the starting point's own object (`base`, kept as its author wrote it), with a
    /// name, the answers and faults a search chose added to its own, the steps, and the expected
    /// violation. Top-level keys come in the order the format declares them (``CodingKeys``).
    package static func fixture(
        base: JSONValue, name: String, description: String?, answers: [UserScriptKey: AnswerSpelling], faults: [Fault], steps: [Step],
        expectedViolation: Invariant?
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
        object[CodingKeys.expect] = .object(expectedViolation.map { [(Expectations.CodingKeys.violation.rawValue, .string($0.rawValue))] } ?? [])
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
