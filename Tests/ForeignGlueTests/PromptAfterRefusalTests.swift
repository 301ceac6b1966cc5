import AdHarness
import Foundation
import ScenarioRunner
import Testing

/// The tracking prompt after the user rejected everything in the consent form (issue 48): App
/// Review has rejected apps that go on from such a refusal to the prompt. The rule warns a prompt
/// after the refusal in the same process however long after, the consent SDK's own after its IDFA
/// explainer included; it leaves alone a refusal the user did not just give, and a tap's prompt.
@Suite("The tracking prompt after a refusal of every purpose")
struct PromptAfterRefusalTests {
    /// A fresh install in the EEA: the user rejects everything in the consent form and would allow tracking.
    static let refusesEverything =
        #"{"name":"fresh install, rejects all","user":{"trackingPrompt":"allow","consentForm":"rejectAll"},"steps":["launch","onboarding"],"expect":{}}"#

    /// The tracking prompts of a run that the app asked for, and whether the rule warned.
    static func prompts(_ verdict: ScenarioVerdict) -> (prompts: Int, warned: Bool) {
        (verdict.trace.count { $0.name == .trackingPrompt }, verdict.warnings.map(\.rule).contains(.noTrackingPromptAfterConsentRefused))
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
        "the reference glue in each onboarding order asks nothing of its own after a refusal, and still starts ads and requests them non-personalized; the consent SDK's explainer, published beside the GDPR message, is warned",
        arguments: ["beforeConsent", "afterConsent", "consentSDK"], [false, true])
    func referenceGlue(order: String, explainer: Bool) throws {
        let scenario = try Scenario.decode(
            json: """
                {"name":"rejects all, \(order)","glue":"reference","device":{"messages":{"idfaExplainer":\(explainer)}},
                 "app":{"onboardingTracking":"\(order)"},"user":{"trackingPrompt":"allow","consentForm":"rejectAll"},
                 "steps":["launch","onboarding","requestAd"],"expect":{}}
                """)
        let verdict = scenario.run(rules: .standard)
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.trace.contains { $0.name == .adsStart })
        #expect(verdict.trace.filter { $0.name == .adsRequest }.map { $0[.npa] } == [true], "\(verdict.report)")
        // Tracking first: the app asks before the refusal. Otherwise the app does not ask after the
        // refusal, and the consent SDK's explainer, where published, goes on to the prompt by itself:
        // the configuration App Review has rejected.
        let asked = verdict.trace.filter { $0.name == .trackingRequest }.map { $0["by"] ?? "app" }
        let sdkAsks = explainer && order != "beforeConsent"
        #expect(asked == (order == "beforeConsent" ? ["app"] : sdkAsks ? ["consentSDK"] : []), "\(verdict.report)")
        #expect(verdict.warnings.map(\.rule) == (sdkAsks ? [.noTrackingPromptAfterConsentRefused] : []), "\(verdict.report)")
    }

    @Test("a refusal then consent in the privacy options: the docs' glue and the reference glue ask for tracking then, and serve ads")
    func refusalThenConsent() throws {
        let situation = """
            "user":{"trackingPrompt":"allow","consentForm":"rejectAll","privacyOptionsForm":"acceptAll"},
             "steps":["launch","onboarding","requestAd","openPrivacyOptions","requestAd","relaunch","requestAd"],"expect":{}}
            """
        let reference = #"{"name":"rejects, then accepts","glue":"reference","app":{"onboardingTracking":"afterConsent"},"# + situation
        let docs = #"{"name":"rejects, then accepts","# + situation
        for (json, glue) in [(reference, nil), (docs, GlueFactory(ConsentFirstGlue.init))] {
            let verdict = try Scenario.decode(json: json).run(glue: glue, rules: .standard)
            #expect(verdict.passed && verdict.warnings.isEmpty, "\(verdict.report)")
            #expect(Self.prompts(verdict) == (1, false), "asked once the user consented: \(verdict.report)")
            #expect(verdict.trace.filter { $0.name == .adsRequest }.map { $0[.npa] } == [true, false, false], "\(verdict.report)")
        }
    }

    @Test("a refusal in the privacy options counts as one in the consent form: the app's ask after it is warned")
    func refusalInPrivacyOptions() throws {
        let scenario = try Scenario.decode(
            json: """
                {"name":"consents, then withdraws, then the app asks","previousSession":{"consent":"obtained"},
                 "user":{"trackingPrompt":"allow","privacyOptionsForm":"rejectAll"},"steps":["launch","openPrivacyOptions","requestTracking"],"expect":{}}
                """)
        let caught = scenario.run(glue: ConsentManagerGlue.factory(.asksTrackingAfterRefusal), rules: .standard)
        #expect(Self.prompts(caught) == (1, true), "\(caught.report)")
        let clean = scenario.run(glue: ConsentManagerGlue.factory(), rules: .standard)
        #expect(clean.passed && clean.warnings.isEmpty, "\(clean.report)")
        #expect(Self.prompts(clean) == (0, false))
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
        "not judged: a refusal from an earlier process (the glue asks at onboarding whatever was stored)",
        arguments: [
            (
                """
                {"name":"refused earlier","previousSession":{"consent":"obtained","consentChoices":{}},"user":{"trackingPrompt":"allow"},
                 "steps":["launch","onboarding"],"expect":{}}
                """, ConsentManagerGlue.factory(.asksTrackingAfterRefusal)
            )
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
