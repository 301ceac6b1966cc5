import AdHarness
import AdRequestKit
import Testing

/// Seed `000` section 3: the app keeps `shouldUseNPA` in its storage (AppStorage) for its UI, which
/// shows it without asking the SDKs; so every change of the answers must reach the stored flag.
@Suite("The stored non-personalized flag")
struct StoredNonPersonalizedFlagTests {
    let key = AdsConfiguration().shouldUseNPAKey

    @Test("a user who allows tracking and accepts consent finds personalized ads stored, after a relaunch too")
    func storedAfterBothAnswers() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()

        #expect(app.storage.bool(forKey: key) == false)
        try app.relaunch()
        #expect(app.storage.bool(forKey: key) == false)
        #expect(app.groundTruth?.shouldUseNPA == false)
    }

    @Test("turning tracking off in Settings stores non-personalized at once, before any ad request")
    func storedAfterSettingsChange() throws {
        let app = try SimulatedApp(previousSession: PreviousSession(tracking: .authorized, consent: .obtained, shouldUseNPA: false))
        try app.launch()
        try app.changeSettings(.tracking(allowed: false))

        #expect(app.storage.bool(forKey: key) == true)
        #expect(app.groundTruth?.shouldUseNPA == true)
    }
}
