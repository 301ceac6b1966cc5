import AdHarness
import AdRequestKit
import Testing

/// The three QA patterns of seed `000` section 5: a first launch in the EEA where the user answers
/// the tracking prompt (or not), accepts the consent form, and the app requests an ad.
@Suite("QA patterns: first launch, consent accepted")
struct QAPatternTests {
    @Test("tracking allowed: the only personalized request")
    func authorized() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect(app.consentState?.tracking == .authorized)
        #expect(app.consentState?.consent == .obtained)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        #expect(app.trace.contains(inOrder: [.trackingPrompt, .trackingAnswer, .consentFormPresent, .consentFormAnswer, .adsStart, .adsRequest]))
    }

    @Test("tracking denied: the request carries npa=1")
    func denied() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .deny, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect(app.consentState?.tracking == .denied)
        #expect(app.adRequests.map(\.isNonPersonalized) == [true])
        #expect(app.adRequests.first?.identifierWasZero == true)
    }

    @Test("the user leaves the app twice while the prompt is up (asked again once, as Apple says), tracking not determined: the request carries npa=1")
    func notDetermined() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .leaveApp, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.foreground()  // back in the app: asked again, and the user leaves again
        try app.foreground()  // back again: no third prompt
        try app.requestAd()

        #expect(app.consentState?.tracking == .notDetermined)
        #expect(app.trackingPrompts == 2)
        #expect(app.adRequests.map(\.isNonPersonalized) == [true])
    }

    @Test("leaving the app while the tracking prompt is up: the system dismisses it, and the app asks again on return")
    func leftWhilePromptUp() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .allow(after: .seconds(5)), consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.foreground()  // the user leaves at once and comes back
        #expect(app.trace.contains(inOrder: [.trackingPrompt, .appBackground, .trackingAnswer, .appActive, .trackingPrompt]))
        #expect(app.trace.events(named: .trackingAnswer).first?["reason"] == "appLeftForeground")
        try app.advance(by: .seconds(5))
        try app.requestAd()
        #expect(app.trackingStatus == .authorized)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
    }

    @Test("a prompt the system took away on a step and one it took away when the user left: two prompts, never a third")
    func neverAThirdPrompt() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .leaveApp(after: .seconds(2)), consentForm: .acceptAll))
        try app.launch()
        try app.requestTracking()
        try app.advance(by: .seconds(1))
        try app.foreground()  // the user leaves while the prompt is up: the system dismisses it
        try app.advance(by: .seconds(10))  // asked again on return; this time the user leaves again
        #expect(app.trackingPrompts == 2)
        #expect(try app.finish().pendingWork.filter { $0.kind != .appTimer }.isEmpty)
    }

    @Test("a user who leaves twice while a slow prompt is up, after the app's timeout, sees it twice, never a third time")
    func neverAThirdPromptAfterTimeouts() throws {
        var configuration = AdsConfiguration()
        configuration.timeouts.trackingRequest = .seconds(10)
        let app = try SimulatedApp(user: User(trackingPrompt: .allow(after: .seconds(600))), configuration: configuration)
        try app.launch()
        try app.requestTracking()
        for _ in 1...3 {
            try app.advance(by: .seconds(10))  // the app's timeout passes while the prompt keeps it inactive
            try app.foreground()  // the user leaves: the system dismisses the prompt
        }
        #expect(app.trackingPrompts == 2)
        #expect(app.trackingStatus == .notDetermined)
    }
}
