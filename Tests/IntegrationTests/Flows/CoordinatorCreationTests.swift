import AdHarness
import AdRequestKit
import Testing

/// Seed `000` section 3: at creation, a denied or restricted tracking status raises `shouldUseNPA`
/// at once and persists it, before any consent update.
@Suite("Coordinator creation")
struct CoordinatorCreationTests {
    @Test(
        "a stale personalized flag is raised before the consent update",
        arguments: [
            TrackingAuthorizationStatus.denied, .restricted,
        ])
    func raisesStaleFlag(tracking: TrackingAuthorizationStatus) throws {
        let app = try SimulatedApp(previousSession: PreviousSession(tracking: tracking, consent: .obtained, shouldUseNPA: false))
        try app.launch()

        #expect(app.storage.bool(forKey: "ads.shouldUseNPA") == true)
        let raise = try #require(app.trace.events.firstIndex { $0.name == .storeSet && $0["key"] == "ads.shouldUseNPA" })
        let update = try #require(app.trace.events.firstIndex { $0.name == .consentUpdate })
        #expect(raise < update)
        #expect(app.consentState?.shouldUseNPA == true)
    }

    @Test("an authorized user's flag is left for the consent update to decide")
    func authorizedKeepsFlagUntilUpdate() throws {
        let app = try SimulatedApp(
            previousSession: PreviousSession(tracking: .authorized, consent: .obtained, shouldUseNPA: false),
            configuration: AdsConfiguration(timeouts: CallbackTimeouts())
        )
        try app.launch()

        let creation = try #require(app.trace.events(named: .decision).first)
        #expect(creation["trigger"] == "created")
        #expect(app.trace.events(named: .storeSet).allSatisfy { $0["key"] != "ads.shouldUseNPA" || $0["value"] == "false" })
        #expect(app.consentState?.decision.rule == .personalized)
    }

    @Test("every evaluation is logged with both statuses and both outputs")
    func evaluationsAreLogged() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .deny, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()

        let decisions = app.trace.events(named: .decision)
        #expect(decisions.count >= 3)
        for decision in decisions {
            for field in ["tracking", "consent", "canRequestAds", "shouldUseNPA", "rule"] {
                #expect(decision[field] != nil, "decision event lacks \(field): \(decision)")
            }
        }
    }

    @Test("observers get every state: the delegate and the stream")
    func observersAreNotified() async throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        let recorder = StateRecorder()
        let coordinator = try #require(app.coordinator)
        coordinator.delegate = recorder
        let stream = coordinator.stateUpdates()
        try app.onboarding()
        coordinator.delegate = nil

        #expect(recorder.states.last?.decision.rule == .personalized)
        var streamed: [ConsentState] = []
        for await state in stream {
            streamed.append(state)
            if state.decision.rule == .personalized { break }
        }
        #expect(streamed.count == recorder.states.count + 1)
    }
}

final class StateRecorder: AdsConsentCoordinatorDelegate, @unchecked Sendable {
    private(set) var states: [ConsentState] = []
    func consentCoordinator(_ coordinator: AdsConsentCoordinator, didUpdate state: ConsentState) { states.append(state) }
}
