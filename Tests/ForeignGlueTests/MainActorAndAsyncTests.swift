import AdHarness
import AdRequestKit
import Foundation
import ScenarioRunner
import Testing

/// Tests written the ways teams write them: main-actor tests and async tests that drive an app.
@Suite("Tests on the main actor and async tests drive an app")
struct MainActorAndAsyncTests {
    @MainActor
    @Test("a main-actor test drives an async glue")
    func mainActorTestAsyncGlue() throws {
        let app = try SimulatedApp(glue: AwaitingConsentGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.advance(by: .seconds(1))
        #expect(app.trackingPrompts == 1)
        try app.requestAd()
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        let leftovers = try app.finish()
        #expect(leftovers.suspendedTasks.isEmpty)
    }

    @MainActor
    @Test("a main-actor test drives a callback glue")
    func mainActorTestCallbackGlue() throws {
        let app = try SimulatedApp(glue: ConsentFirstGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.requestAd()
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        #expect(try app.finish().isClean)
    }

    @Test("an async test that awaits between steps drives an async glue")
    func asyncTestAsyncGlue() async throws {
        let app = try SimulatedApp(glue: AwaitingConsentGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        await Task.yield()
        try app.onboarding()
        await Task.yield()
        try app.advance(by: .seconds(1))
        try app.requestAd()
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        _ = try app.finish()
    }

    @MainActor
    @Test("a main-actor async test drives an async glue, awaiting between steps")
    func mainActorAsyncTest() async throws {
        let app = try SimulatedApp(glue: AwaitingConsentGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        await Task.yield()
        try app.onboarding()
        try app.advance(by: .seconds(1))
        try app.requestAd()
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        _ = try app.finish()
    }
}
