import AdHarness
import AdRequestKit
import AppInfoPlist
import Foundation
import HarnessSupport
import MockAdNetwork
import MockTrackingManager
import ScenarioRunner
import Testing

@testable import Scenarios

/// The JSON Schema documents the format; these checks keep its value lists equal to the code's
/// (its keys, object by object, are checked by ``ScenarioSpecTests``).
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

    /// The `enum` of the first `oneOf` branch at a path.
    func firstOneOf(_ path: String...) -> [String] {
        let value = path.reduce(schema as Any?) { ($0 as? [String: Any])?[$1] }
        let branches = value as? [[String: Any]] ?? []
        return branches.first?["enum"] as? [String] ?? []
    }

    /// The raw values of an enumeration, in order.
    func names<T: CaseIterable & RawRepresentable>(_: T.Type) -> [String] where T.RawValue == String {
        T.allCases.map(\.rawValue)
    }

    @Test("statuses, regions and answers")
    func values() {
        #expect(enumeration("properties", "previousSession", "properties", "tracking") == TrackingAuthorizationStatus.recognizedNames)
        #expect(enumeration("properties", "previousSession", "properties", "consent") == UserConsentStatus.recognizedNames)
        #expect(enumeration("properties", "previousSession", "properties", "privacyOptions") == PrivacyOptionsRequirement.recognizedNames)
        #expect(enumeration("properties", "device", "properties", "region") == names(ConsentRegion.self))
        #expect(enumeration("properties", "app", "properties", "debugGeography") == ConsentDebugGeography.recognizedNames)
        #expect(firstOneOf("properties", "user", "properties", "trackingPrompt", "oneOf") == names(TrackingPromptAnswer.self))
        #expect(firstOneOf("properties", "user", "properties", "consentForm", "oneOf") == names(ConsentFormAnswer.self))
        #expect(firstOneOf("properties", "user", "properties", "legacyConsentForm", "oneOf") == names(LegacyFormAnswer.self))
        #expect(firstOneOf("properties", "user", "properties", "locationPrompt", "oneOf") == names(LocationPromptAnswer.self))
        #expect(enumeration("properties", "expect", "properties", "final", "properties", "location") == LocationAuthorizationStatus.recognizedNames)
        #expect(enumeration("properties", "previousSession", "properties", "legacyConsent") == LegacyConsentStatus.recognizedNames)
        #expect(enumeration("properties", "app", "properties", "legacyConsent", "properties", "debugGeography") == LegacyDebugGeography.recognizedNames)
        #expect(enumeration("properties", "expect", "properties", "final", "properties", "formStatus") == ConsentFormStatus.recognizedNames)
        #expect(enumeration("properties", "expect", "properties", "final", "properties", "privacyOptions") == PrivacyOptionsRequirement.recognizedNames)
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
        let stepNames: [String] = Step.named.map(\.0)
        #expect(firstOneOf("properties", "steps", "items", "oneOf") == stepNames)
        let branches = node("properties", "steps", "items", "oneOf") as? [[String: Any]] ?? []
        func branch(_ key: String) -> [String: Any]? {
            branches.lazy.compactMap { ($0["properties"] as? [String: Any])?[key] as? [String: Any] }.first
        }
        #expect(branch("travel")?["enum"] as? [String] == ConsentRegion.allCases.map(\.rawValue))
        #expect(branch("tap")?["type"] as? String == "string")
        #expect(branch("sdk")?["enum"] as? [String] == ConsentSDKCall.Name.allCases.map(\.rawValue))
        #expect(branch("debugGeography")?["enum"] as? [String] == ConsentDebugGeography.recognizedNames)
        #expect(branch("from")?["enum"] as? [String] == FormPresenter.allCases.map(\.rawValue))
        #expect(enumeration("properties", "glue") == names(GlueChoice.self))
        #expect(enumeration("properties", "consentProfile") == names(ConsentProfile.self))
        #expect(enumeration("properties", "faults", "items", "properties", "appState") == names(AppStateFault.self))
        #expect((branch("settings")?["properties"] as? [String: [String: Any]])?["tracking"]?["enum"] as? [String] == names(TrackingToggle.self))
        #expect(enumeration("properties", "app", "properties", "mistakes", "items") == names(AppMistake.self))
    }

    @Test("expectations")
    func expectations() {
        #expect(enumeration("properties", "expect", "properties", "crash") == ["none"] + CrashReason.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "adRequests", "items", "properties", "idfa") == names(AdvertisingIdentifierSent.self))
        #expect(enumeration("properties", "expect", "properties", "refusals", "items") == AdRequestRefusal.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "violation") == Invariant.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "warnings", "items") == Invariant.allCases.map(\.rawValue))
    }
}
