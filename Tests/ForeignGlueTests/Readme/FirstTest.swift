import AdHarness
import AdRequestKit
import Testing

@Test func deniedTrackingKeepsRequestsNonPersonalized() throws {
    let app = try SimulatedApp(
        device: Device(osVersion: "17.5", region: .eea),
        user: User(trackingPrompt: .deny(after: .seconds(3)), consentForm: .acceptAll)
    )
    try app.run { app in
        try app.launch()
        try app.onboarding()  // tracking prompt first, then the consent form
        try app.advance(by: .seconds(3))  // virtual time: the user answers
        try app.requestAd()
    }

    #expect(app.groundTruth?.shouldUseNPA == true)
    #expect(app.adRequests.map(\.isNonPersonalized) == [true])
    #expect(app.trace.contains(inOrder: [.trackingPrompt, .consentFormPresent, .adsRequest]))
}
