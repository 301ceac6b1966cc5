import AdHarness
import Testing

@Test("the async glue asks for consent, pauses a second, then asks for tracking")
func asyncGlueAsksInOrder() throws {
    let app = try SimulatedApp(glue: AwaitingConsentGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
    try app.launch()
    #expect(app.asyncGlue is AwaitingConsentGlue)
    try app.onboarding()
    #expect(app.trackingPrompts == 0)  // the glue sleeps on the app's clock: nothing until time passes
    try app.advance(by: .seconds(1))
    #expect(app.trackingPrompts == 1)
    try app.requestAd()
    #expect(app.adRequests.map(\.isNonPersonalized) == [false])
    let leftovers = try app.finish()
    #expect(leftovers.suspendedTasks.isEmpty)
}
