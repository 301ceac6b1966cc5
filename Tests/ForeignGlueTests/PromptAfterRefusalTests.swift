import AdHarness
import Foundation
import ScenarioRunner
import Testing

/// The tracking prompt after the user rejected everything in the consent form (issue 48): App
/// Review has rejected apps that go on from such a refusal to the prompt. The rule warns the app's
/// own prompt after the refusal, in the same process however long after; it leaves alone the
/// consent SDK's own prompt, a refusal the user did not just give, and a prompt the user asks for.
@Suite("The tracking prompt after a refusal of every purpose")
struct PromptAfterRefusalTests {
    /// A fresh install in the EEA: the user rejects everything in the consent form and would allow tracking.
    static let refusesEverything =
        #"{"name":"fresh install, rejects all","user":{"trackingPrompt":"allow","consentForm":"rejectAll"},"steps":["launch","onboarding"],"expect":{}}"#

    /// The tracking prompts of a run that the app asked for, and whether the rule warned.
    static func prompts(_ verdict: ScenarioVerdict) -> (prompts: Int, warned: Bool) {
        (verdict.trace.count { $0.name == .trackingPrompt }, verdict.warnings.map(\.invariant).contains(.noTrackingPromptAfterConsentRefused))
    }

    @Test("a glue that asks for tracking whatever the user chose is warned; the same glue that skips the prompt after a refusal is clean")
    func defectiveAndCorrect() throws {
        let scenario = try Scenario.decode(json: Self.refusesEverything)
        let caught = scenario.run(glue: ConsentManagerGlue.factory(.asksTrackingAfterRefusal), rules: .standard)
        #expect(caught.passed, "a warning, not a failure: \(caught.report)")
        #expect(Self.prompts(caught) == (1, true), "\(caught.report)")
        let clean = scenario.run(glue: ConsentManagerGlue.factory(), rules: .standard)
        #expect(clean.passed && clean.warnings.isEmpty, "\(clean.report)")
        #expect(Self.prompts(clean) == (0, false))
    }

    @Test("the app's prompt a wait after the refusal is the same flow: the form's completion comes 2 s late, in an advance step")
    func promptAWaitApart() throws {
        let scenario = try Scenario.decode(
            json: """
                {"name":"completion late","user":{"trackingPrompt":"allow","consentForm":"rejectAll"},
                 "faults":[{"target":"formPresent","delay":"2s"}],"steps":["launch","onboarding",{"advance":"2s"}],"expect":{}}
                """)
        let caught = scenario.run(glue: ConsentManagerGlue.factory(.asksTrackingAfterRefusal), rules: .standard)
        #expect(Self.prompts(caught) == (1, true), "\(caught.report)")
        let stepOfPrompt = caught.trace.prefix { $0.name != .trackingPrompt }.last { $0.name == .step }
        #expect(stepOfPrompt?[.step] == .advance, "the prompt came in a later step than the refusal")
    }

    @Test(
        "the reference glue in each onboarding order shows no prompt of its own after a refusal, and still starts ads and requests them non-personalized",
        arguments: ["beforeConsent", "afterConsent", "consentSDK"])
    func referenceGlue(order: String) throws {
        let scenario = try Scenario.decode(
            json: """
                {"name":"rejects all, \(order)","glue":"reference","device":{"messages":{"idfaExplainer":true}},"app":{"onboardingTracking":"\(order)"},
                 "user":{"trackingPrompt":"allow","consentForm":"rejectAll"},"steps":["launch","onboarding","requestAd"],"expect":{}}
                """)
        let verdict = scenario.run()
        #expect(verdict.passed && verdict.warnings.isEmpty, "\(verdict.report)")
        #expect(verdict.trace.contains { $0.name == .adsStart })
        #expect(verdict.trace.filter { $0.name == .adsRequest }.map { $0[.npa] } == [true], "\(verdict.report)")
        // Tracking first: the app asks before the refusal. Otherwise the consent SDK's explainer asks
        // after the form, by itself, and the app does not ask after the refusal.
        let asked = verdict.trace.filter { $0.name == .trackingRequest }.map { $0["by"] ?? "app" }
        #expect(asked == [order == "beforeConsent" ? "app" : "consentSDK"], "\(verdict.report)")
    }

    @Test("the docs' consent-first glue skips the prompt after a refusal and still starts ads, non-personalized")
    func docsGlue() throws {
        let scenario = try Scenario.decode(
            json: #"{"name":"rejects all","user":{"trackingPrompt":"allow","consentForm":"rejectAll"},"steps":["launch","onboarding","requestAd"],"expect":{}}"#
        )
        let verdict = scenario.run(glue: GlueFactory(ConsentFirstGlue.init), rules: .standard)
        #expect(verdict.passed && verdict.warnings.isEmpty, "\(verdict.report)")
        #expect(Self.prompts(verdict) == (0, false))
        #expect(verdict.trace.filter { $0.name == .adsRequest }.map { $0[.npa] } == [true], "\(verdict.report)")
    }

    @Test(
        "not judged: a refusal from an earlier process (the glue asks at onboarding whatever was stored), and a prompt the user asks for",
        arguments: [
            (
                """
                {"name":"refused earlier","previousSession":{"consent":"obtained","consentChoices":{}},"user":{"trackingPrompt":"allow"},
                 "steps":["launch","onboarding"],"expect":{}}
                """, ConsentManagerGlue.factory(.asksTrackingAfterRefusal)
            ),
            (
                """
                {"name":"the user asks","user":{"trackingPrompt":"allow","consentForm":"rejectAll"},"steps":["launch","onboarding","requestTracking"],
                 "expect":{}}
                """, ConsentManagerGlue.factory()
            ),
        ] as [(String, GlueFactory)])
    func notJudged(json: String, glue: GlueFactory) throws {
        let verdict = try Scenario.decode(json: json).run(glue: glue, rules: .standard)
        #expect(Self.prompts(verdict) == (1, false), "the situation has a prompt, and it is not warned: \(verdict.report)")
    }

    @Test("the reference glue asks nothing on its own after a refusal restored by consent sync, and starts ads")
    func syncedRefusal() throws {
        let verdict = try Scenario.decode(
            json: """
                {"name":"synced refusal","glue":"reference","device":{"consentSyncEnabled":true},"app":{"consentSyncID":"3f9e2c1a-7b4d-4e8f-9a6b-1c2d3e4f5a6b"},
                 "previousSession":{"syncedConsent":[{"consentSyncID":"3f9e2c1a-7b4d-4e8f-9a6b-1c2d3e4f5a6b","answer":"rejectAll"}]},
                 "user":{"trackingPrompt":"allow"},"steps":["launch","onboarding","requestAd"],"expect":{}}
                """
        ).run()
        #expect(verdict.passed && verdict.warnings.isEmpty, "\(verdict.report)")
        #expect(Self.prompts(verdict) == (0, false))
        #expect(verdict.trace.filter { $0.name == .adsRequest }.map { $0[.npa] } == [true], "\(verdict.report)")
    }
}
