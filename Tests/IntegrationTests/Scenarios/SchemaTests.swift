import AdHarness
import AdRequestKit
import AppInfoPlist
import Foundation
import MockAdNetwork
import MockTrackingManager
import ScenarioRunner
import StandInRuntime
import Testing

@testable import Scenarios

/// The JSON Schema documents the format; these checks keep its value lists equal to the code's
/// (its keys, object by object, are checked by ``ScenarioSpecTests``).
@Suite("Scenario JSON Schema matches the decoder")
struct SchemaTests {
    /// One list of names the schema allows, and the names the code reads there.
    struct ValueList: Sendable, CustomTestStringConvertible {
        let field: String
        let schema: [String]
        let code: [String]
        var testDescription: String { field }
    }

    /// Every value list of the schema, read from the bundled file, beside the code's.
    static let lists: [ValueList] = {
        let url = FixtureFiles.bundledDirectory.appendingPathComponent("scenario.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        let schema = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        func node(_ path: [String]) -> Any? { path.reduce(schema as Any?) { ($0 as? [String: Any])?[$1] } }
        func enumeration(_ path: String...) -> [String] { (node(path) as? [String: Any])?["enum"] as? [String] ?? [] }
        /// The `enum` of the first `oneOf` branch at a path.
        func firstOneOf(_ path: String...) -> [String] { (node(path) as? [[String: Any]])?.first?["enum"] as? [String] ?? [] }
        func names<T: CaseIterable & RawRepresentable>(_: T.Type) -> [String] where T.RawValue == String { T.allCases.map(\.rawValue) }
        let stepBranches = node(["properties", "steps", "items", "oneOf"]) as? [[String: Any]] ?? []
        /// The schema of a step's key, in the `oneOf` branch that has it.
        func step(_ key: String) -> [String: Any] {
            stepBranches.lazy.compactMap { ($0["properties"] as? [String: Any])?[key] as? [String: Any] }.first ?? [:]
        }
        let faultRules = node(["properties", "faults", "items", "allOf"]) as? [[String: Any]] ?? []
        /// The errors the schema allows for a fault target, from its `if`/`then` rule.
        func errors(of target: FaultTarget) -> [String] {
            let rule = faultRules.first { (($0["if"] as? [String: Any])?["properties"] as? [String: [String: String]])?["target"]?["const"] == target.rawValue }
            return ((rule?["then"] as? [String: Any])?["properties"] as? [String: [String: [String]]])?["error"]?["enum"] ?? []
        }
        let settingsTracking = (step("settings")["properties"] as? [String: [String: Any]])?["tracking"]?["enum"] as? [String] ?? []
        let lists: [ValueList] = [
            ValueList(
                field: "previousSession.tracking", schema: enumeration("properties", "previousSession", "properties", "tracking"),
                code: TrackingAuthorizationStatus.recognizedNames),
            ValueList(
                field: "previousSession.consent", schema: enumeration("properties", "previousSession", "properties", "consent"),
                code: UserConsentStatus.recognizedNames),
            ValueList(
                field: "previousSession.privacyOptions", schema: enumeration("properties", "previousSession", "properties", "privacyOptions"),
                code: PrivacyOptionsRequirement.recognizedNames),
            ValueList(
                field: "previousSession.legacyConsent", schema: enumeration("properties", "previousSession", "properties", "legacyConsent"),
                code: LegacyConsentStatus.recognizedNames),
            ValueList(field: "device.region", schema: enumeration("properties", "device", "properties", "region"), code: names(ConsentRegion.self)),
            ValueList(
                field: "app.debugGeography", schema: enumeration("properties", "app", "properties", "debugGeography"),
                code: ConsentDebugGeography.recognizedNames),
            ValueList(
                field: "app.legacyConsent.debugGeography",
                schema: enumeration("properties", "app", "properties", "legacyConsent", "properties", "debugGeography"),
                code: LegacyDebugGeography.recognizedNames),
            ValueList(field: "app.mistakes", schema: enumeration("properties", "app", "properties", "mistakes", "items"), code: names(AppMistake.self)),
            ValueList(
                field: "user.trackingPrompt", schema: firstOneOf("properties", "user", "properties", "trackingPrompt", "oneOf"),
                code: names(TrackingPromptAnswer.self)),
            ValueList(
                field: "user.consentForm", schema: firstOneOf("properties", "user", "properties", "consentForm", "oneOf"),
                code: names(ConsentFormAnswer.self)),
            ValueList(
                field: "user.legacyConsentForm", schema: firstOneOf("properties", "user", "properties", "legacyConsentForm", "oneOf"),
                code: names(LegacyFormAnswer.self)),
            ValueList(
                field: "user.locationPrompt", schema: firstOneOf("properties", "user", "properties", "locationPrompt", "oneOf"),
                code: names(LocationPromptAnswer.self)),
            ValueList(field: "glue", schema: enumeration("properties", "glue"), code: names(GlueChoice.self)),
            ValueList(field: "consentProfile", schema: enumeration("properties", "consentProfile"), code: names(ConsentProfile.self)),
            ValueList(
                field: "faults[].target", schema: enumeration("properties", "faults", "items", "properties", "target"),
                code: FaultTarget.allCases.map(\.rawValue)),
            ValueList(
                field: "faults[].error", schema: enumeration("properties", "faults", "items", "properties", "error"),
                code: FaultError.allCases.map(\.rawValue)),
            ValueList(
                field: "faults[].callback", schema: enumeration("properties", "faults", "items", "properties", "callback"),
                code: CallbackFault.allCases.map(\.rawValue)),
            ValueList(
                field: "faults[].appState", schema: enumeration("properties", "faults", "items", "properties", "appState"),
                code: names(AppStateFault.self)),
            ValueList(field: "steps (the named ones)", schema: firstOneOf("properties", "steps", "items", "oneOf"), code: Step.named.map(\.0)),
            ValueList(field: "steps[].travel", schema: step("travel")["enum"] as? [String] ?? [], code: names(ConsentRegion.self)),
            ValueList(field: "steps[].tap (a string)", schema: [step("tap")["type"] as? String ?? ""], code: ["string"]),
            ValueList(field: "steps[].sdk", schema: step("sdk")["enum"] as? [String] ?? [], code: names(ConsentSDKCall.Name.self)),
            ValueList(
                field: "steps[].debugGeography", schema: step("debugGeography")["enum"] as? [String] ?? [],
                code: ConsentDebugGeography.recognizedNames),
            ValueList(field: "steps[].from", schema: step("from")["enum"] as? [String] ?? [], code: names(FormPresenter.self)),
            ValueList(field: "steps[].settings.tracking", schema: settingsTracking, code: names(TrackingToggle.self)),
            ValueList(
                field: "expect.final.location", schema: enumeration("properties", "expect", "properties", "final", "properties", "location"),
                code: LocationAuthorizationStatus.recognizedNames),
            ValueList(
                field: "expect.final.formStatus", schema: enumeration("properties", "expect", "properties", "final", "properties", "formStatus"),
                code: ConsentFormStatus.recognizedNames),
            ValueList(
                field: "expect.final.privacyOptions",
                schema: enumeration("properties", "expect", "properties", "final", "properties", "privacyOptions"),
                code: PrivacyOptionsRequirement.recognizedNames),
            ValueList(
                field: "expect.crash", schema: enumeration("properties", "expect", "properties", "crash"),
                code: ["none"] + CrashReason.allCases.map(\.rawValue)),
            ValueList(
                field: "expect.adRequests[].idfa", schema: enumeration("properties", "expect", "properties", "adRequests", "items", "properties", "idfa"),
                code: names(AdvertisingIdentifierSent.self)),
            ValueList(
                field: "expect.refusals", schema: enumeration("properties", "expect", "properties", "refusals", "items"),
                code: AdRequestRefusal.allCases.map(\.rawValue)),
            ValueList(
                field: "expect.violation", schema: enumeration("properties", "expect", "properties", "violation"),
                code: RuleID.allCases.map(\.rawValue)),
            ValueList(
                field: "expect.warnings", schema: enumeration("properties", "expect", "properties", "warnings", "items"),
                code: RuleID.allCases.map(\.rawValue)),
        ]
        let faultErrors = FaultTarget.allCases.filter { !$0.acceptedErrors.isEmpty }.map { target in
            ValueList(field: "faults[].error of \(target)", schema: errors(of: target), code: target.acceptedErrors.map(\.rawValue))
        }
        return lists + faultErrors
    }()

    @Test("each list of names the schema allows is the list the code reads", arguments: lists)
    func valueList(_ list: ValueList) {
        #expect(list.schema == list.code)
    }
}
