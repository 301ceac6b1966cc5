import AdHarness
import Testing

@Test func oneStartTwoGlues() throws {
    let setup = RunSetup(device: Device(region: .eea), user: User(trackingPrompt: .deny, consentForm: .acceptAll))
    for glue in [GlueFactory(ConsentFirstGlue.init), .reference()] {
        let app = try SimulatedApp(glue: glue, setup: setup)
        try app.launch()
        try app.onboarding()
        try app.requestAd()
        #expect(app.consentFormsShown == 1)  // the same user, whichever glue asks
        try app.finish()
    }
}
