import AdHarness
import AdRequestKit
import Testing

@Test func trackingSurvivesTheLocationPrompt() throws {
    let app = try SimulatedApp(
        device: Device(infoPlist: .standardWithLocation),  // with the location usage texts
        user: User(
            trackingPrompt: .allow, consentForm: .acceptAll,
            location: LocationUserScript(prompt: .allowWhileUsing(after: .seconds(2))))
    )
    try app.launch()
    try app.requestLocation()  // the location prompt is up: the app is inactive
    try app.onboarding()  // so the reference glue waits before asking for tracking
    try app.advance(by: .seconds(2))  // the user answers; the app is active; tracking is asked
    #expect(app.locationAnswers == [.authorizedWhenInUse])
    #expect(app.trackingPrompts == 1)
}
