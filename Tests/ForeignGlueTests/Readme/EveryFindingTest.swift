import AdHarness
import Testing

@Test func myGlueBreaksNoRuleEvenUnderTheSeedPolicy() throws {
    let app = try SimulatedApp(
        glue: ConsentFirstGlue.init, user: User(trackingPrompt: .deny, consentForm: .acceptAll), rules: .seed
    )
    app.stopsAtFirstFailure = false  // record every failure instead of throwing the first
    _ = try app.finishing { app in
        try app.launch()
        try app.onboarding()
        try app.requestAd()
    }
    #expect(app.failures.map(\.rule) == [], "\(app.failures.map(\.summary).joined(separator: "\n"))")
}
