import AdHarness
import Testing

/// Tests written the ways teams write them: main-actor tests and async tests that drive an app, each
/// the same flow, which the harness runs the same wherever the test runs.
@Suite("Tests on the main actor and async tests drive an app")
struct MainActorAndAsyncTests {
    /// An EEA user who allows everything: the consent form, then tracking, then a personalized ad.
    static func app(_ glue: GlueFactory) throws -> SimulatedApp {
        try SimulatedApp(glue: glue, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
    }

    /// The flow, with a second for the async glue's pause before it asks for tracking.
    static func expectOnePersonalizedAd(_ app: SimulatedApp, between: @Sendable () async -> Void = {}) async throws {
        try app.launch()
        await between()
        try app.onboarding()
        await between()
        try app.advance(by: .seconds(1))
        #expect(app.trackingPrompts == 1)
        try app.requestAd()
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        #expect(try app.finish().isClean)
    }

    @MainActor
    @Test("a main-actor test drives an async glue and a callback glue")
    func mainActorTest() async throws {
        try await Self.expectOnePersonalizedAd(Self.app(GlueFactory(AwaitingConsentGlue.init)))
        try await Self.expectOnePersonalizedAd(Self.app(GlueFactory(ConsentFirstGlue.init)))
    }

    @Test("an async test that awaits between steps drives an async glue")
    func asyncTest() async throws {
        try await Self.expectOnePersonalizedAd(Self.app(GlueFactory(AwaitingConsentGlue.init))) { await Task.yield() }
    }

    @MainActor
    @Test("a main-actor async test that awaits between steps drives an async glue")
    func mainActorAsyncTest() async throws {
        try await Self.expectOnePersonalizedAd(Self.app(GlueFactory(AwaitingConsentGlue.init))) { await Task.yield() }
    }
}
