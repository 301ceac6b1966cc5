import AdHarness
import Foundation
import ScenarioRunner
import Testing

/// Bad input gets a clear error naming the file, the JSON path and what was expected; never a crash.
@Suite("Scenario format errors")
struct ScenarioFormatTests {
    static let cases: [(json: String, path: String, message: String)] = [
        (#"{"name":"x","steps":["launch"],"expect":{},"devise":{}}"#, "$.devise", "unknown key \"devise\""),
        (#"{"name":"x","steps":["launch"],"expect":{},"faults":[{"target":"formLoad","eror":"timeout"}]}"#, "$.faults[0].eror", "unknown key"),
        (
            #"{"name":"x","steps":["launch"],"expect":{},"faults":[{"target":"formLoad","error":"network"}]}"#, "$.faults[0].error",
            "one of internal, timeout, unavailable"
        ),
        (#"{"name":"x","steps":["launch"],"expect":{},"faults":[{"target":"formLoad"}]}"#, "$.faults[0]", "exactly one of error, callback, delay, appState"),
        (
            #"{"name":"x","steps":["launch"],"expect":{},"faults":[{"target":"consentInfoUpdate","error":"network","delay":"2s"}]}"#, "$.faults[0]",
            "exactly one of error, callback, delay, appState; found error, delay"
        ),
        (
            #"{"name":"x","steps":["launch"],"expect":{},"faults":[{"target":"trackingRequest","callback":"never","appState":"inactive"}]}"#, "$.faults[0]",
            "found callback, appState"
        ),
        (#"{"name":"x","steps":["launch"],"expect":{},"faults":[{"target":"formLoad","error":"timeout","times":0}]}"#, "$.faults[0].times", "at least 1"),
        (
            #"{"name":"x","steps":["launch"],"expect":{},"user":{"trackingPrompt":"yes"}}"#, "$.user.trackingPrompt",
            "allow, deny, leaveApp, additionalInformation"
        ),
        (
            #"{"name":"x","steps":["launch"],"expect":{},"user":{"trackingPrompt":{"answer":"dismiss"}}}"#, "$.user.trackingPrompt.answer",
            "the tracking alert has no dismiss"
        ),
        (#"{"name":"x","steps":["launch"],"expect":{},"user":{"trackingPrompt":"dismiss"}}"#, "$.user.trackingPrompt", "leaveApp is the user leaving the app"),
        (#"{"name":"x","steps":["launch",{"advance":"3 seconds"}],"expect":{}}"#, "$.steps[1].advance", "a duration such as"),
        (#"{"name":"x","steps":["launch","onbording"],"expect":{}}"#, "$.steps[1]", "expected one of launch"),
        (
            #"{"name":"x","steps":[{"settings":{"tracking":"notDetermined"}}],"expect":{}}"#, "$.steps[0].settings.tracking",
            "one of authorized, denied (the app's own toggle in Settings)"
        ),
        (#"{"name":"x","device":{"allowAppsToRequestToTrack":"no"},"steps":["launch"],"expect":{}}"#, "$.device.allowAppsToRequestToTrack", "true or false"),
        (#"{"name":"x","device":{"osVersion":"eighteen"},"steps":["launch"],"expect":{}}"#, "$.device.osVersion", "an OS version"),
        (
            #"{"name":"x","previousSession":{"consent":"granted"},"steps":["launch"],"expect":{}}"#, "$.previousSession.consent",
            "unknown, required, notRequired, obtained"
        ),
        (#"{"name":"x","steps":["launch"]}"#, "$.expect", "missing required field"),
        (#"{"name":"x","steps":["launch"],"expect":{"trace":{"absent":["ads.requst"]}}}"#, "$.expect.trace.absent[0]", "expected a trace event name"),
        (
            #"{"name":"x","steps":["launch"],"expect":{"trace":{"absent":["idfa.read value=set"]}}}"#, "$.expect.trace.absent[0]",
            "idfa.read has no field value any more: it records identifier=zero|set"
        ),
        (#"{"name":"x","steps":["launch"],"expect":{"errors":["form.timeout"]}}"#, "$.expect.errors[0]", "stage.code"),
        (#"{"name":"x","steps":[{"settings":{"locationAccess":"restricted"}}],"expect":{}}"#, "$.steps[0].settings.locationAccess", "use locationRestricted"),
        (#"{"name":"x","device":{"location":{"enabled":false}},"steps":["launch"],"expect":{}}"#, "$.device.location.enabled", "unknown key"),
        (#"{"name":"x","user":{"locationPrompt":"allow"},"steps":["launch"],"expect":{}}"#, "$.user.locationPrompt", "allowWhileUsing, allowOnce, dontAllow"),
        (#"{"name":"x","steps":["launch"],"expect":{"final":{"location":"authorized"}}}"#, "$.expect.final.location", "authorizedWhenInUse"),
        (#"{"name":"x","steps":["launch",],"expect":{}}"#, "$.steps[1]", "not valid JSON"),
        (#"{"name":"x","glue":"any","steps":["launch"],"expect":{"errors":[]}}"#, "$.glue", "expect.errors belongs to the reference glue"),
        (#"{"name":"x","glue":"mine","steps":["launch"],"expect":{}}"#, "$.glue", "any, reference"),
        (#"{"name":"x","steps":["launch"],"expect":{"nothingLeft":"yes"}}"#, "$.expect.nothingLeft", "true or false"),
        (
            #"{"name":"x","device":{"consentFormConfigured":false,"messages":{"gdpr":true}},"steps":["launch"],"expect":{}}"#, "$.device.messages.gdpr",
            "either messages.gdpr or consentFormConfigured"
        ),
        (#"{"name":"x","device":{"messages":{"idfa":true}},"steps":["launch"],"expect":{}}"#, "$.device.messages.idfa", "unknown key"),
        (
            #"{"name":"x","app":{"onboardingTracking":"never"},"steps":["launch"],"expect":{}}"#, "$.app.onboardingTracking",
            "beforeConsent, afterConsent, consentSDK"
        ),
    ]

    @Test("each malformed scenario is refused with its path and what was expected", arguments: cases.indices)
    func malformed(index: Int) throws {
        let (json, path, message) = Self.cases[index]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("malformed-\(index)-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let error = #expect(throws: ScenarioError.self) { try Scenario.load(from: file, displayPath: "bad.json") }
        #expect(error?.file == "bad.json")
        #expect(error?.path == path)
        #expect(error?.message.contains(message) == true, "message was: \(error?.message ?? "nil")")
    }

    @Test("a wrong expectation fails with expected vs actual and the trace up to the divergence")
    func wrongExpectation() throws {
        let json = #"""
            {"name":"wrong","previousSession":{"tracking":"denied","consent":"obtained"},
             "steps":["launch","requestAd"],"expect":{"adRequests":[{"npa":false}]}}
            """#
        let scenario = try JSONDecoder().decode(Scenario.self, from: Data(json.utf8))
        let verdict = scenario.run()

        #expect(!verdict.passed)
        #expect(verdict.mismatches.map(\.expectation) == ["expect.adRequests[0]"])
        #expect(verdict.report.contains("expected {npa: false}, got {npa: true, idfa: zero}"))
        #expect(verdict.report.contains("> "))
        #expect(verdict.report.contains("ads.request"))
    }

    @Test("a scenario whose prompt has no scripted answer fails as a scenario issue, not a hang")
    func unscriptedPrompt() throws {
        let json = #"{"name":"no answer","steps":["launch","onboarding"],"expect":{}}"#
        let verdict = try JSONDecoder().decode(Scenario.self, from: Data(json.utf8)).run()
        guard case .scenarioIssue(let issue, _)? = verdict.failure else {
            Issue.record("expected a scenario issue, got \(String(describing: verdict.failure))")
            return
        }
        #expect(issue.contains("user.trackingPrompt"))
    }

    @Test("every event any fixture records is in the documented vocabulary")
    func vocabularyCoversTraces() throws {
        for url in try FixtureFiles.scenarioFiles(in: [FixtureFiles.bundledDirectory.path]) {
            let names = Set(try Scenario.load(from: url).run().trace.map(\.name))
            let unlisted = names.filter { TraceName(rawValue: $0.rawValue) == nil }
            #expect(unlisted.isEmpty, "\(url.lastPathComponent): \(unlisted)")
        }
    }
}
