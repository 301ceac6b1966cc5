import AdHarness
import AdRequestKit
import Foundation
import HarnessSupport
import MockAdNetwork
import MockTrackingManager
@testable import ScenarioRunner
import Testing

/// The JSON Schema documents the format; these checks keep its value lists equal to the code's.
@Suite("Scenario JSON Schema matches the decoder")
struct SchemaTests {
    let schema: [String: Any] = {
        let url = FixtureFiles.bundledDirectory.appendingPathComponent("scenario.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }()

    /// The value at a path of object keys.
    func node(_ path: String...) -> Any? {
        path.reduce(schema as Any?) { ($0 as? [String: Any])?[$1] }
    }

    func enumeration(_ path: String...) -> [String] {
        let value = path.reduce(schema as Any?) { ($0 as? [String: Any])?[$1] }
        return ((value as? [String: Any])?["enum"] as? [String]) ?? []
    }

    func properties(_ path: String...) -> Set<String> {
        let value = path.reduce(schema as Any?) { ($0 as? [String: Any])?[$1] }
        return Set(((value as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test("statuses, regions and answers")
    func values() {
        #expect(enumeration("properties", "previousSession", "properties", "tracking") == TrackingAuthorizationStatus.recognizedNames)
        #expect(enumeration("properties", "previousSession", "properties", "consent") == UserConsentStatus.recognizedNames)
        #expect(enumeration("properties", "device", "properties", "region") == ConsentRegion.allCases.map(\.rawValue))
        #expect(enumeration("properties", "app", "properties", "debugGeography") == ConsentDebugGeography.recognizedNames)
        let tracking = (node("properties", "user", "properties", "trackingPrompt", "oneOf") as? [[String: Any]])?.first?["enum"] as? [String]
        #expect(tracking == TrackingPromptAnswer.allCases.map(\.rawValue))
        let form = (node("properties", "user", "properties", "consentForm", "oneOf") as? [[String: Any]])?.first?["enum"] as? [String]
        #expect(form == ConsentFormAnswer.allCases.map(\.rawValue))
        let legacyForm = (node("properties", "user", "properties", "legacyConsentForm", "oneOf") as? [[String: Any]])?.first?["enum"] as? [String]
        #expect(legacyForm == LegacyFormAnswer.allCases.map(\.rawValue))
        let location = (node("properties", "user", "properties", "locationPrompt", "oneOf") as? [[String: Any]])?.first?["enum"] as? [String]
        #expect(location == LocationPromptAnswer.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "final", "properties", "location") == LocationAuthorizationStatus.recognizedNames)
        #expect(properties("properties", "device", "properties", "location") == Set(DeviceSpec.LocationKeys.allCases.map(\.rawValue)))
        #expect(enumeration("properties", "previousSession", "properties", "legacyConsent") == LegacyConsentStatus.recognizedNames)
        #expect(enumeration("properties", "app", "properties", "legacyConsent", "properties", "debugGeography") == LegacyDebugGeography.recognizedNames)
        #expect(properties("properties", "app", "properties", "legacyConsent") == Set(LegacyConsentSpec.CodingKeys.allCases.map(\.rawValue)))
        #expect(properties("properties", "previousSession") == Set(PreviousSessionSpec.CodingKeys.allCases.map(\.rawValue)))
        #expect(properties("properties", "user") == Set(UserSpec.CodingKeys.allCases.map(\.rawValue)))
        #expect(properties("properties", "expect", "properties", "final") == Set(FinalState.CodingKeys.allCases.map(\.rawValue)))
    }

    @Test("faults: targets, errors per target, callbacks")
    func faults() {
        #expect(enumeration("properties", "faults", "items", "properties", "target") == FaultTarget.allCases.map(\.rawValue))
        #expect(enumeration("properties", "faults", "items", "properties", "error") == FaultError.allCases.map(\.rawValue))
        #expect(enumeration("properties", "faults", "items", "properties", "callback") == CallbackFault.allCases.map(\.rawValue))
        let rules = node("properties", "faults", "items", "allOf") as? [[String: Any]] ?? []
        for target in FaultTarget.allCases where !target.acceptedErrors.isEmpty {
            let rule = rules.first { (($0["if"] as? [String: Any])?["properties"] as? [String: [String: String]])?["target"]?["const"] == target.rawValue }
            let errors = ((rule?["then"] as? [String: Any])?["properties"] as? [String: [String: [String]]])?["error"]?["enum"]
            #expect(errors == target.acceptedErrors.map(\.rawValue), "errors of \(target)")
        }
    }

    @Test("steps, app mistakes, timeouts")
    func stepsAndApp() {
        let steps = (node("properties", "steps", "items", "oneOf") as? [[String: Any]])?.first?["enum"] as? [String]
        #expect(steps == Step.named.map(\.0))
        let settings = (node("properties", "steps", "items", "oneOf") as? [[String: Any]])?.last?["properties"] as? [String: Any]
        #expect(Set(((settings?["settings"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys) == Set(Step.SettingsKeys.allCases.map(\.rawValue)))
        #expect(enumeration("properties", "app", "properties", "mistakes", "items") == AppMistake.allCases.map(\.rawValue))
        #expect(properties("properties", "app", "properties", "timeouts") == Set(TimeoutsSpec.CodingKeys.allCases.map(\.rawValue)))
        #expect(properties("properties", "device") == Set(DeviceSpec.CodingKeys.allCases.map(\.rawValue)))
        #expect(properties() == Set(Scenario.CodingKeys.allCases.map(\.rawValue)))
    }

    @Test("expectations")
    func expectations() {
        #expect(properties("properties", "expect") == Set(Expectations.CodingKeys.allCases.map(\.rawValue)))
        #expect(enumeration("properties", "expect", "properties", "crash") == ["none"] + CrashReason.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "refusals", "items") == AdRequestRefusal.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "violation") == Invariant.allCases.map(\.rawValue))
    }
}
