import AdHarness
import Testing

@Test func myGlueAsksAgainOnceActive() throws {
    let app = try SimulatedApp(
        glue: ConsentFirstGlue.init,
        user: User(trackingPrompt: .allow, consentForm: .acceptAll),
        faults: [Fault.trackingRequest(.appInactive, times: 1)]
    )
    try app.launch()
    try app.onboarding()  // an alert comes up as the glue asks: notDetermined at once, no prompt
    try app.foreground()  // active again: the glue must ask again (a rule checks it)
    try app.requestAd()

    #expect(app.trackingPrompts == 1)
    #expect(app.adRequests.map(\.isNonPersonalized) == [false])
    #expect(try app.finish().isClean)  // no callback, prompt or timer left over
}
