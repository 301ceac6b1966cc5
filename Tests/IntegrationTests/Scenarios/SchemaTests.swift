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

    /// The raw values of a list of coding keys, as a set.
    func keys<T: CaseIterable & CodingKey>(_: T.Type) -> Set<String> {
        Set(T.allCases.map(\.stringValue))
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
        #expect(properties("properties", "device", "properties", "location") == keys(DeviceSpec.LocationKeys.self))
        #expect(enumeration("properties", "previousSession", "properties", "legacyConsent") == LegacyConsentStatus.recognizedNames)
        #expect(enumeration("properties", "app", "properties", "legacyConsent", "properties", "debugGeography") == LegacyDebugGeography.recognizedNames)
        #expect(properties("properties", "app", "properties", "legacyConsent") == keys(LegacyConsentSpec.CodingKeys.self))
        #expect(properties("properties", "previousSession") == keys(PreviousSessionSpec.CodingKeys.self))
        #expect(properties("properties", "user") == keys(UserSpec.CodingKeys.self))
        #expect(properties("properties", "expect", "properties", "final") == keys(FinalState.CodingKeys.self))
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
        #expect(Set(branches.compactMap { ($0["required"] as? [String])?.first }) == keys(Step.ObjectKeys.self))
        let settingsKeys = Set((branch("settings")?["properties"] as? [String: Any] ?? [:]).keys)
        #expect(settingsKeys == keys(Step.SettingsKeys.self))
        #expect(branch("travel")?["enum"] as? [String] == ConsentRegion.allCases.map(\.rawValue))
        #expect(branch("tap")?["type"] as? String == "string")
        let sdk = branches.first { ($0["required"] as? [String]) == ["sdk"] }
        #expect(Set((sdk?["properties"] as? [String: Any] ?? [:]).keys) == keys(Step.SDKKeys.self))
        #expect(branch("sdk")?["enum"] as? [String] == ConsentSDKCall.Name.allCases.map(\.rawValue))
        #expect(branch("debugGeography")?["enum"] as? [String] == ConsentDebugGeography.recognizedNames)
        #expect(branch("from")?["enum"] as? [String] == FormPresenter.allCases.map(\.rawValue))
        #expect(enumeration("properties", "glue") == GlueRequirement.allCases.map(\.rawValue) + ["none"])
        #expect(enumeration("properties", "app", "properties", "mistakes", "items") == names(AppMistake.self))
        #expect(properties("properties", "app", "properties", "timeouts") == keys(TimeoutsSpec.CodingKeys.self))
        #expect(properties("properties", "device") == keys(DeviceSpec.CodingKeys.self))
        #expect(properties() == keys(Scenario.CodingKeys.self))
    }

    @Test("expectations")
    func expectations() {
        #expect(properties("properties", "expect") == Set(Expectations.CodingKeys.allCases.map(\.rawValue)))
        #expect(enumeration("properties", "expect", "properties", "crash") == ["none"] + CrashReason.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "refusals", "items") == AdRequestRefusal.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "violation") == Invariant.allCases.map(\.rawValue))
        #expect(enumeration("properties", "expect", "properties", "warnings", "items") == Invariant.allCases.map(\.rawValue))
        #expect(
            [
                properties("properties", "expect", "properties", "adRequests", "items"), properties("properties", "app"),
                properties("properties", "app", "properties", "adRequestConfiguration"),
            ]
                == [keys(ExpectedAdRequest.CodingKeys.self), keys(AppSetup.CodingKeys.self), keys(AppSetup.AdRequestConfigurationKeys.self)]
        )
    }
}
