import AdHarness
import Foundation
import ScenarioRunner
import Testing

@testable import Scenarios

/// The peer suite as fixtures (`Fixtures/peer-suite/`): raw consent-SDK steps and the `final` form
/// status and privacy-options requirement make every ported peer case a scenario file.
@Suite("Peer suite as fixtures: raw consent-SDK steps")
struct PeerSuiteFixtureTests {
    static let folder = FixtureFiles.bundledDirectory.appendingPathComponent("peer-suite")

    static let files = (try? FixtureFiles.scenarioFiles(in: [folder.path])) ?? []

    static let fixtures: [Scenario] = files.compactMap { try? Scenario.load(from: $0) }

    /// The ported cases no fixture can express, each with why: none today.
    static let inexpressible: [String: String] = [:]

    @Test("every ported peer case has a fixture named after it, and it passes")
    func everyCaseHasAFixture() {
        #expect(Self.fixtures.count >= FirebaseUmpCase.all.count)
        for peer in FirebaseUmpCase.all where Self.inexpressible[peer.mirrors] == nil {
            let fixture = Self.fixtures.first { $0.name == peer.mirrors }
            #expect(fixture != nil, "no fixture in peer-suite/ is named \"\(peer.mirrors)\"")
            if let fixture {
                let verdict = fixture.run()
                #expect(verdict.passed, "\(peer.mirrors)\n\(verdict.report)")
            }
        }
    }

    @Test("every peer-suite fixture names a peer case (or the UMP header it follows), runs no glue and calls the SDK directly")
    func fixturesNamePeerCases() {
        #expect(Self.fixtures.count == Self.files.count && Self.files.count > 30, "a peer-suite fixture does not decode")
        let sources = ["FirebaseUmpTest.", "ConsentInfoInternalStub::", "UMPConsentForm.h "]
        for fixture in Self.fixtures {
            #expect(sources.contains { fixture.name.hasPrefix($0) }, "\(fixture.name)")
            #expect(fixture.runsWithoutGlue, "\(fixture.name)")
        }
    }

    @Test("every raw call, and every presenting screen, is used by a fixture")
    func everyRawStepIsUsed() {
        let calls = Self.fixtures.flatMap(\.steps).compactMap { step -> ConsentSDKCall? in
            if case .sdk(let call) = step { return call }
            return nil
        }
        for name in ConsentSDKCall.Name.allCases {
            #expect(calls.contains { $0.name == name }, "no fixture calls \(name.rawValue)")
        }
        for presenter in FormPresenter.allCases {
            #expect(calls.contains { $0.presenter == presenter } || presenter == .window && calls.contains { $0.name.presents })
        }
    }

    @Test("a fixture run against a team's glue runs no glue all the same")
    func glueIsIgnored() throws {
        let fixture = try #require(Self.fixtures.first { $0.name == FirebaseUmpCase.defaultsToUnknown.mirrors })
        let verdict = fixture.run(glue: GlueFactory.reference())
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("a step spells every argument back as the fixture wrote it")
    func writesBack() throws {
        let text =
            #"{"name":"x","glue":"none","steps":["launch",{"sdk":"update","debugGeography":"eea","underAgeOfConsent":true},{"sdk":"presentForm","from":"notInWindow"}],"expect":{}}"#
        let steps = try Scenario.decode(json: text).steps
        #expect(
            try steps.map { try JSONValue(encoding: $0) } == [
                .string("launch"),
                .object([("sdk", .string("update")), ("debugGeography", .string("eea")), ("underAgeOfConsent", .bool(true))]),
                .object([("sdk", .string("presentForm")), ("from", .string("notInWindow"))]),
            ])
        #expect(steps[1].description == "sdk update debugGeography=eea underAgeOfConsent=true")
    }

    struct BadStep: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var path: String
        var message: String
        var testDescription: String { name }
    }

    static let badSteps: [BadStep] = [
        BadStep(
            name: "unknown call, with a hint", json: #"{"sdk":"loadFrom"}"#, path: "$.steps[1].sdk",
            message:
                #"expected one of update, loadForm, presentForm, loadAndPresentIfRequired, presentPrivacyOptions, reset, got "loadFrom"; did you mean "loadForm"?"#
        ),
        BadStep(
            name: "a raw call written as a plain step", json: #""loadForm""#, path: "$.steps[1]",
            message: #"a raw SDK call is written {"sdk": "loadForm"}"#),
        BadStep(name: "a plain step mistyped", json: #""onbaording""#, path: "$.steps[1]", message: #"did you mean "onboarding"?"#),
        BadStep(
            name: "an argument the call does not take", json: #"{"sdk":"loadForm","debugGeography":"eea"}"#, path: "$.steps[1].debugGeography",
            message: #"expected debugGeography only with {"sdk": "update"}, found it with loadForm"#),
        BadStep(
            name: "a screen for a call that shows nothing", json: #"{"sdk":"update","from":"none"}"#, path: "$.steps[1].from",
            message: "expected from only with a call that presents (presentForm, loadAndPresentIfRequired, presentPrivacyOptions), found it with update"),
        BadStep(
            name: "an unknown screen", json: #"{"sdk":"presentForm","from":"nil"}"#, path: "$.steps[1].from",
            message: #"expected one of window, none, notInWindow, got "nil""#),
        BadStep(
            name: "an unknown argument", json: #"{"sdk":"update","geography":"eea"}"#, path: "$.steps[1].geography",
            message: "unknown key \"geography\"; expected one of sdk, debugGeography, underAgeOfConsent, from"),
        BadStep(
            name: "an unknown debug geography", json: #"{"sdk":"update","debugGeography":"mars"}"#, path: "$.steps[1].debugGeography",
            message: "expected one of disabled, eea, notEEA, regulatedUSState, other"),
    ]

    @Test("a bad raw step names the field and what was expected", arguments: badSteps)
    func badStep(_ bad: BadStep) {
        let text = #"{"name":"x","steps":["launch",\#(bad.json)],"expect":{}}"#
        let error = #expect(throws: ScenarioError.self) { try Scenario.decode(json: text, name: "bad.json") }
        #expect(error?.path == bad.path, "\(error?.description ?? "no error")")
        #expect(error?.message.contains(bad.message) == true, "message was: \(error?.message ?? "nil")")
    }

    @Test("no glue refuses a step that goes through the glue, and keys of the reference glue")
    func noGlueRefusesGlueSteps() {
        let step = #expect(throws: ScenarioError.self) {
            try Scenario.decode(json: #"{"name":"x","glue":"none","steps":["launch","onboarding"],"expect":{}}"#)
        }
        #expect(step?.path == "$.glue")
        #expect(step?.message.contains(#"found "onboarding", which goes through the glue"#) == true, "\(step?.message ?? "nil")")
        let key = #expect(throws: ScenarioError.self) {
            try Scenario.decode(json: #"{"name":"x","glue":"none","steps":["launch"],"expect":{"errors":[]}}"#)
        }
        #expect(key?.message.contains("expect.errors belongs to the reference glue") == true, "\(key?.message ?? "nil")")
        let unknown = #expect(throws: ScenarioError.self) {
            try Scenario.decode(json: #"{"name":"x","glue":"nobody","steps":["launch"],"expect":{}}"#)
        }
        #expect(unknown?.message.contains(#"expected one of any, reference, none, got "nobody""#) == true, "\(unknown?.message ?? "nil")")
    }

    @Test("a raw call under the legacy profile is a scenario issue")
    func legacyProfileHasNoRawCalls() throws {
        let scenario = try Scenario.decode(json: #"{"name":"x","consentProfile":"legacy","steps":["launch",{"sdk":"update"}],"expect":{}}"#)
        let verdict = scenario.run()
        #expect(!verdict.passed)
        #expect(verdict.report.contains("raw calls reach the current SDK only"), "\(verdict.report)")
    }
}
