import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// The analytics SDK's collection switch and user properties, as a glue drives them: recorded in
/// the trace, kept across launches, and the user properties deleted when storage is withdrawn.
@Suite("Analytics collection and user properties")
struct AnalyticsSwitchTests {
    /// An EEA user of an app with the analytics SDK, every consent type denied by default, consent mode on.
    static let device = #"""
        "device":{"region":"eea","analyticsSDK":true,"consentMode":true,"infoPlist":{"GOOGLE_ANALYTICS_DEFAULT_ALLOW_ANALYTICS_STORAGE":false,\#
        "GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_STORAGE":false,"GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_USER_DATA":false,\#
        "GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_PERSONALIZATION_SIGNALS":false}}
        """#

    static func run(user: String, steps: String) throws -> ScenarioVerdict {
        let scenario = try Scenario.decode(json: #"{"name":"analytics switch",\#(device),"user":\#(user),"steps":\#(steps),"expect":{}}"#)
        return scenario.run(glue: GlueFactory(AnalyticsSwitchGlue.init), rules: .standard)
    }

    @Test("collection switched off by the app is recorded, sends no session_start, and stays off in the next launch")
    func collectionOff() throws {
        let verdict = try Self.run(user: #"{"consentForm":"acceptAll","trackingPrompt":"deny"}"#, steps: #"["launch","onboarding","relaunch"]"#)
        #expect(verdict.passed, "\(verdict.report)")
        let switches = verdict.trace.filter { $0.name == .analyticsCollection }
        #expect(!switches.isEmpty && switches.allSatisfy { $0[.analyticsCollectionEnabled] == false }, "\(switches)")
        #expect(!verdict.trace.contains { $0.name == .analyticsEvent }, "\(verdict.trace.filter { $0.name == .analyticsEvent })")
    }

    @Test("collection switched on after a tracking authorization sends the next launch's session_start")
    func collectionOn() throws {
        let verdict = try Self.run(user: #"{"consentForm":"acceptAll","trackingPrompt":"allow"}"#, steps: #"["launch","onboarding","relaunch"]"#)
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.trace.contains { $0.name == .analyticsCollection && $0[.analyticsCollectionEnabled] == true })
        #expect(verdict.trace.filter { $0.name == .analyticsEvent }.count == 1)
    }

    @Test("withdrawing storage in the privacy options deletes the user properties the app set; granting it does not")
    func withdrawalDeletesUserProperties() throws {
        let verdict = try Self.run(
            user: #"{"consentForm":"acceptAll","trackingPrompt":"allow","privacyOptionsForm":"rejectAll"}"#,
            steps: #"["launch","onboarding","openPrivacyOptions"]"#)
        #expect(verdict.passed, "\(verdict.report)")
        let names = verdict.trace.map(\.name)
        let set = try #require(names.firstIndex(of: .analyticsUserProperty))
        let deleted = try #require(names.firstIndex(of: .analyticsUserPropertiesDeleted), "\(verdict.trace)")
        #expect(set < deleted)
        #expect(verdict.trace[deleted][.userPropertiesDeleted] == "allow_personalized_ads")
        #expect(names.filter { $0 == .analyticsUserPropertiesDeleted }.count == 1, "the acceptance grants storage and deletes nothing")
        let withdrawal = try #require(names[..<deleted].lastIndex(of: .analyticsConsent))
        #expect(verdict.trace[withdrawal][.analyticsConsent(.analyticsStorage)] == .denied)
    }
}
