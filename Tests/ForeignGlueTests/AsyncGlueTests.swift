import AdHarness
import Foundation
import Testing

/// Async/await glue hosted as written: its tasks run on virtual time, in one order, and a glue and
/// its callback twin are the same to the harness.
@Suite("Async glue")
struct AsyncGlueTests {
    /// The situations both twins are run in: who the user is and where.
    static let situations: [(String, Device, User)] = [
        ("EEA, accepts all, allows tracking", Device(region: .eea), User(trackingPrompt: .allow, consentForm: .acceptAll)),
        ("EEA, rejects all, asks not to track", Device(region: .eea), User(trackingPrompt: .deny, consentForm: .rejectAll)),
        ("elsewhere, allows tracking", Device(region: .other), User(trackingPrompt: .allow)),
    ]

    /// Launch, onboarding, an ad, a relaunch and another ad, then the end of the run.
    static func run(_ app: SimulatedApp) throws -> [String] {
        try app.launch()
        try app.onboarding()
        try app.runUntilIdle()
        try app.requestAd()
        try app.relaunch()
        try app.requestAd()
        try app.finish()
        return app.trace.events.map(\.description)
    }

    @Test("an async glue and its callback twin give the same trace", arguments: 0..<situations.count)
    func sameTraceAsCallbackTwin(situation: Int) throws {
        let (_, device, user) = Self.situations[situation]
        let awaiting = try Self.run(SimulatedApp(glue: AwaitingConsentGlue.init, device: device, user: user))
        let callbacks = try Self.run(SimulatedApp(glue: AwaitingConsentGlueCallbacks.init, device: device, user: user))
        #expect(awaiting == callbacks)
        #expect(awaiting.contains { $0.contains("ads.request") }, "the run reached an ad request")
    }
}
