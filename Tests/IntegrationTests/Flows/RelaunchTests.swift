import AdHarness
import AdRequestKit
import Testing

@Suite("Relaunch and reinstall")
struct RelaunchTests {
    @Test("a relaunch keeps the stored answers: no prompt, no form, personalized at once")
    func relaunchKeepsState() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.relaunch()
        try app.requestAd()

        #expect(app.trackingPrompts == 1)
        #expect(app.consentFormsShown == 1)
        #expect(app.consentState?.decision.rule == .personalized)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        #expect(app.trace.count(of: .adsStart) == 2)
    }

    @Test("a reinstall forgets the tracking answer and the consent: both are asked again")
    func reinstallForgets() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .deny, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.reinstall()

        #expect(app.trackingStatus == .notDetermined)
        #expect(app.consentState?.consent == .required)
        try app.onboarding()
        #expect(app.trackingPrompts == 2)
        #expect(app.consentFormsShown == 2)
    }
}
