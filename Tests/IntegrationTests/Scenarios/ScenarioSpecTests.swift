import AdHarness
import Foundation
import StandInRuntime
import Testing

@testable import Scenarios

/// The scenario format has one home, its spec types: each reads and writes its fields through the
/// same coding keys, and the format reference names every key they read.
@Suite("Scenario specs read, write and document every field")
struct ScenarioSpecTests {
    /// Every object of the format and the keys its spec reads.
    static let specKeys: [(object: String, keys: [String])] = [
        ("scenario", Scenario.CodingKeys.allCases.map(\.rawValue)),
        ("device", DeviceSpec.CodingKeys.allCases.map(\.rawValue)),
        ("device.messages", DeviceSpec.MessagesKeys.allCases.map(\.rawValue)),
        ("device.location", DeviceSpec.LocationKeys.allCases.map(\.rawValue)),
        ("device.latency", DeviceSpec.LatencyKeys.allCases.map(\.rawValue)),
        ("app", AppSetup.CodingKeys.allCases.map(\.rawValue)),
        ("app.adRequestConfiguration", AppSetup.AdRequestConfigurationKeys.allCases.map(\.rawValue)),
        ("app.legacyConsent", LegacyConsentSpec.CodingKeys.allCases.map(\.rawValue)),
        ("app.legacyConsent.offers", LegacyConsentSpec.OfferKeys.allCases.map(\.rawValue)),
        ("app.timeouts", TimeoutsSpec.CodingKeys.allCases.map(\.rawValue)),
        ("previousSession", PreviousSessionSpec.CodingKeys.allCases.map(\.rawValue)),
        ("previousSession.syncedConsent[]", SyncedConsentSpec.CodingKeys.allCases.map(\.rawValue)),
        ("user", UserSpec.CodingKeys.allCases.map(\.rawValue)),
        ("user.trackingPrompt answer", AnswerKeys.allCases.map(\.rawValue)),
        ("user.consentForm answer", AnswerKeys.allCases.map(\.rawValue)),
        ("user.privacyOptionsForm answer", AnswerKeys.allCases.map(\.rawValue)),
        ("user.legacyConsentForm answer", AnswerKeys.allCases.map(\.rawValue)),
        ("user.locationPrompt answer", AnswerKeys.allCases.map(\.rawValue)),
        ("user.consentChoices", ConsentChoicesSpec.CodingKeys.allCases.map(\.rawValue)),
        ("faults[]", FaultSpec.CodingKeys.allCases.map(\.rawValue)),
        ("steps[]", Step.ObjectKeys.allCases.map(\.rawValue)),
        ("steps[] sdk", Step.SDKKeys.allCases.map(\.rawValue)),
        ("steps[] settings", Step.SettingsKeys.allCases.map(\.rawValue)),
        ("expect", Expectations.CodingKeys.allCases.map(\.rawValue)),
        ("expect.final", FinalState.CodingKeys.allCases.map(\.rawValue)),
        ("expect.adRequests[]", ExpectedAdRequest.CodingKeys.allCases.map(\.rawValue)),
        ("expect.trace", TraceExpectations.CodingKeys.allCases.map(\.rawValue)),
    ]

    static func bundledFixtures() throws -> [URL] {
        try FixtureFiles.scenarioFiles(in: [FixtureFiles.locateBundled().path])
    }

    /// The part of the format reference that documents an object: under "Fields", the paragraph
    /// of its top-level key (up to the next top-level key), then within it, from the first mention
    /// of the nested key to the next bullet; the whole page for the scenario itself.
    static func referenceSection(of object: String, in reference: String) -> String {
        let path = object.split(separator: " ")[0].split(separator: ".").map { $0.replacingOccurrences(of: "[]", with: "") }
        guard path[0] != "scenario", let fields = reference.range(of: "## Fields") else { return reference }
        let lines = reference[fields.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let topKeys = Scenario.CodingKeys.allCases.map(\.rawValue)
        func startsTopLevel(_ line: Substring, _ key: String) -> Bool { line.hasPrefix("`\(key)`") || line.hasPrefix("`\(key)[]`") }
        guard let start = lines.firstIndex(where: { startsTopLevel($0, path[0]) }) else { return "" }
        let end =
            lines[(start + 1)...].firstIndex { line in line.hasPrefix("## ") || topKeys.contains { $0 != path[0] && startsTopLevel(line, $0) } }
            ?? lines.endIndex
        var section = Array(lines[start..<end])
        for nested in path.dropFirst() {
            guard let first = section.firstIndex(where: { $0.contains("`\(nested)`") || $0.contains("`\(nested):") }) else { return "" }
            let next = section[(first + 1)...].firstIndex { $0.hasPrefix("- `") } ?? section.endIndex
            section = Array(section[first..<next])
        }
        return section.joined(separator: "\n")
    }

    @Test("the format reference (Fixtures/README.md) documents every key a spec reads, in that object's own section")
    func referenceNamesEveryKey() throws {
        let reference = try String(contentsOf: FixtureFiles.bundledDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        var missing: [String] = []
        for (object, keys) in Self.specKeys {
            let section = Self.referenceSection(of: object, in: reference)
            // Named as `key`, as `key: value` or as "key" in an example.
            missing += keys.filter { key in !["`\(key)`", "`\(key):", "\"\(key)\""].contains(where: section.contains) }.map { "\(object).\($0)" }
        }
        #expect(missing.isEmpty, "Fixtures/README.md does not document \(missing.joined(separator: ", "))")
    }

    /// The keys the JSON Schema allows in an object of the format: a dotted path of `properties`
    /// (`[]` steps into `items`), then for a value that is one of several shapes, the object shape
    /// (`answer`), or the step object keyed `sdk` or `settings`.
    static func schemaKeys(_ object: String, in schema: [String: Any]) -> Set<String> {
        func properties(_ node: [String: Any]?) -> [String: Any] { node?["properties"] as? [String: Any] ?? [:] }
        let parts = object.split(separator: " ").map(String.init)
        var node: [String: Any]? = schema
        for component in parts[0].split(separator: ".").map(String.init) where component != "scenario" {
            let name = component.hasSuffix("[]") ? String(component.dropLast(2)) : component
            node = properties(node)[name] as? [String: Any]
            if component.hasSuffix("[]") { node = node?["items"] as? [String: Any] }
        }
        let shapes = node?["oneOf"] as? [[String: Any]] ?? []
        switch parts.dropFirst().first {
        case "answer": node = shapes.first { $0["properties"] != nil }
        case "sdk": node = shapes.first { $0["required"] as? [String] == ["sdk"] }
        case "settings": node = properties(shapes.first { properties($0)["settings"] != nil })["settings"] as? [String: Any]
        default:
            // A step object: one shape per key.
            if node?["properties"] == nil { return Set(shapes.compactMap { ($0["required"] as? [String])?.first }) }
        }
        return Set(properties(node).keys)
    }

    @Test("the JSON Schema allows exactly the keys each spec reads, object by object")
    func schemaMatchesSpecs() throws {
        let data = try Data(contentsOf: FixtureFiles.bundledDirectory.appendingPathComponent("scenario.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let differing = Self.specKeys.filter { Self.schemaKeys($0.object, in: schema) != Set($0.keys) }.map(\.object)
        #expect(differing.isEmpty, "scenario.schema.json differs from the specs at \(differing.joined(separator: ", "))")
    }

    @Test("every user-script key the explorer answers is a key of the user object")
    func userScriptKeysAreUserKeys() {
        #expect(UserScriptKey.allCases.filter { UserSpec.CodingKeys(rawValue: $0.rawValue) == nil }.isEmpty)
    }

    /// The user's answers to the prompts the explorer answers, as it writes them.
    static func spelledAnswers(of user: User) -> [UserScriptKey: AnswerSpelling] {
        func spelled<A: RawRepresentable>(_ answer: ScriptedAnswer<A>?) -> AnswerSpelling? where A.RawValue == String {
            answer.map { AnswerSpelling($0.answer.rawValue, after: $0.after) }
        }
        let answers: [UserScriptKey: AnswerSpelling?] = [
            .trackingPrompt: spelled(user.trackingPrompt), .consentForm: spelled(user.consentForm),
            .privacyOptionsForm: spelled(user.privacyOptionsForm), .legacyConsentForm: spelled(user.legacyConsentForm),
        ]
        return answers.compactMapValues { $0 }
    }

    @Test("every bundled fixture's answers, faults and steps, written as the explorer writes a fixture, read back the same")
    func everyFixtureWritesBack() throws {
        let files = try Self.bundledFixtures()
        #expect(files.count > 100)
        var differing: [String] = []
        for file in files {
            let data = try Data(contentsOf: file)
            let scenario = try Scenario.decode(data, file: file.path, folder: file.deletingLastPathComponent())
            // The starting point keeps only what the explorer does not write.
            var base = JSONValue(try Scenario.parse(data, file: file.path).root)
            base["faults"] = nil
            for key in UserScriptKey.allCases { base["user"]?[key.rawValue] = nil }
            let written = try Scenario.fixture(
                base: base, name: scenario.name, description: scenario.summary, answers: Self.spelledAnswers(of: scenario.user),
                faults: scenario.faults, steps: scenario.steps, expect: scenario.expect.violation.map(FixtureExpectation.violation) ?? .nothing
            )
            let again = try Scenario.decode(Data(written.text(indent: "  ").utf8), file: file.path, folder: file.deletingLastPathComponent())
            if again.steps != scenario.steps || again.faults != scenario.faults || again.user != scenario.user || again.name != scenario.name {
                differing.append(file.lastPathComponent)
            }
        }
        #expect(differing.isEmpty)
    }

    @Test("steps encoded by Foundation's JSONEncoder read back the same: Step's Codable works with any encoder")
    func foundationEncoderRoundTrip() throws {
        let steps: [Step] = [
            .launch, .onboarding, .advance(.milliseconds(1_500)), .settings([.device(.tracking(allowed: false)), .location(.preciseLocation(false))]),
            .travel(.other), .tap("continue"), .sdk(ConsentSDKCall(.update)), .relaunch,
        ]
        let text = try #require(String(data: JSONEncoder().encode(steps), encoding: .utf8))
        #expect(try Scenario.decode(json: #"{"name": "x", "expect": {}, "steps": \#(text)}"#).steps == steps)
    }

    @Test("the encoder spells every number type, and refuses what JSON cannot spell instead of writing something else")
    func numbers() throws {
        #expect(try JSONValue(encoding: [UInt8(7)]) == .array([.integer(7)]))
        #expect(try JSONValue(encoding: Float(0.5)) == .number(0.5))
        #expect(try JSONValue(encoding: Duration.seconds(1)) == .array([.integer(0), .integer(1_000_000_000_000_000_000)]))
        #expect(throws: EncodingError.self) { try JSONValue(encoding: UInt64.max) }
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Double.infinity) }
    }

    @Test("a written fixture keeps the starting point's keys as written and puts the format's keys in the format's order")
    func writtenOrder() throws {
        let base = JSONValue(
            try Scenario.parse(Data(#"{"steps": [], "device": {"region": "other", "osVersion": "17.4"}, "name": "x"}"#.utf8), file: "base").root)
        let written = try Scenario.fixture(
            base: base, name: "found", description: nil, answers: [.trackingPrompt: AnswerSpelling("deny", after: .seconds(61))],
            faults: [Fault.formLoad(.error(.timeout), times: 1)], steps: [.launch], expect: .nothing
        )
        #expect(written.keys == ["name", "device", "user", "faults", "steps", "expect"])
        #expect(written["device"]?.keys == ["region", "osVersion"])
        #expect(written["user"]?.text(indent: nil) == #"{"trackingPrompt": {"answer": "deny", "after": "61s"}}"#)
        #expect(written["faults"]?.text(indent: nil) == #"[{"target": "formLoad", "error": "timeout", "times": 1}]"#)
    }

    struct Typo: CustomTestStringConvertible, Sendable {
        var json: String
        var hint: String
        var testDescription: String { hint }
    }

    @Test(
        "a mistyped key or name is refused with the nearest known one",
        arguments: [
            Typo(json: #"{"name": "x", "stpes": ["launch"], "expect": {}}"#, hint: #"did you mean "steps"?"#),
            Typo(json: #"{"name": "x", "glue": "referense", "steps": ["launch"], "expect": {}}"#, hint: #"did you mean "reference"?"#),
            Typo(json: #"{"name": "x", "consentProfile": "legasy", "steps": ["launch"], "expect": {}}"#, hint: #"did you mean "legacy"?"#),
            Typo(json: #"{"name": "x", "device": {"regoin": "eea"}, "steps": ["launch"], "expect": {}}"#, hint: #"did you mean "region"?"#),
            Typo(
                json: #"{"name": "x", "previousSession": {"tracking": "autorized"}, "steps": ["launch"], "expect": {}}"#, hint: #"did you mean "authorized"?"#),
            Typo(
                json: #"{"name": "x", "app": {"mistakes": ["skipsConsentRefrsh"]}, "steps": ["launch"], "expect": {}}"#,
                hint: #"did you mean "skipsConsentRefresh"?"#),
            Typo(json: #"{"name": "x", "steps": ["launch", {"settings": {"tracking": "denid"}}], "expect": {}}"#, hint: #"did you mean "denied"?"#),
            Typo(
                json: #"{"name": "x", "faults": [{"target": "formLoad", "appState": "inactiv"}], "steps": ["launch"], "expect": {}}"#,
                hint: #"did you mean "inactive"?"#),
        ])
    func typoHint(typo: Typo) {
        #expect(throws: ScenarioError.self) { try Scenario.decode(json: typo.json) }
        do {
            _ = try Scenario.decode(json: typo.json)
        } catch {
            #expect(error.description.hasSuffix(typo.hint), "\(error.description)")
        }
    }
}
