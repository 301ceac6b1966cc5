import AdHarness
import AdRequestKit
import Testing

/// Seed `000` section 3: the service refreshes the consent state right after tracking is authorized,
/// before anything else can start the ad SDK or request an ad.
@Suite("Consent refresh after tracking authorization")
struct RefreshAfterAuthorizationTests {
    /// A returning user whose consent was obtained earlier; the app asks for tracking later on and
    /// requests an ad as soon as the answer comes, before the app is even active again.
    func returningUserAllowsTracking(mistakes: Set<AppMistake> = []) throws -> SimulatedApp {
        let app = try SimulatedApp(
            previousSession: PreviousSession(consent: .obtained),
            user: User(trackingPrompt: .allow(after: .seconds(2))),
            mistakes: mistakes
        )
        try app.launch()
        try app.requestTracking(thenRequestAd: true)
        try app.advance(by: .seconds(2))
        return app
    }

    @Test("the refresh comes between the authorization and the next ad request")
    func refreshBeforeRequest() throws {
        let app = try returningUserAllowsTracking()

        #expect(app.trace.contains(inOrder: [.trackingAnswer, .consentRefresh, .decision, .adsRequest]))
        let refresh = try #require(app.trace.events.firstIndex { $0.name == .consentRefresh })
        let answer = try #require(app.trace.events.firstIndex { $0.name == .trackingAnswer && $0["status"] == "authorized" })
        let request = try #require(app.trace.events.firstIndex { $0.name == .adsRequest })
        #expect(answer < refresh && refresh < request)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
    }

    @Test("the ad SDK starts only once the consent state has taken the tracking answer in")
    func refreshBeforeSDKStart() throws {
        let app = try returningUserAllowsTracking()

        #expect(app.trace.contains(inOrder: [.trackingAnswer, .consentRefresh, .adsStart]))
        #expect(app.trace.count(of: .adsStart) == 1)
    }

    @Test("an app that skips the refresh is caught before its request leaves")
    func skippedRefreshIsCaught() throws {
        let failure = #expect(throws: HarnessFailure.self) {
            try returningUserAllowsTracking(mistakes: [.skipsConsentRefresh])
        }
        guard case .invariantViolated(let violation)? = failure else {
            Issue.record("expected an invariant violation, got \(String(describing: failure))")
            return
        }
        #expect(violation.rule == .requestsFollowCurrentAnswers)
        #expect(violation.event.name == .adsRequest)
    }
}
