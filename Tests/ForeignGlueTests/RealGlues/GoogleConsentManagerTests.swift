import AdHarness
import ScenarioRunner
import Testing

@Suite("scratch")
struct GoogleConsentManagerTests {
    @Test func probe() throws {
        for (device, user) in [(Device(region: .eea), User(trackingPrompt: .allow, consentForm: .acceptAll)),
                               (Device(region: .eea), User(trackingPrompt: .deny, consentForm: .rejectAll)),
                               (Device(region: .other), User(trackingPrompt: .allow))] {
            let app = try SimulatedApp(glue: GoogleConsentManagerGlue.init, device: device, user: user)
            try app.launch()
            try app.onboarding()
            try app.runUntilIdle()
            try app.requestAd()
            print("REQ", app.adRequests.map { "\($0.request.adUnitID) npa=\($0.isNonPersonalized) serving=\($0.serving) consent=\($0.consent) tracking=\($0.tracking)" }, "prompts", app.trackingPrompts, "forms", app.consentFormsShown)
            do { let l = try app.finish(); print("LEFT", l, l.suspendedTasks) } catch { print("FAIL", error) }
            print("TRACE", app.trace.events.map(\.description).joined(separator: "\n"))
            print("WARN", app.warnings)
        }
        let report = try Explorer(glue: GlueFactory(GoogleConsentManagerGlue.init), bounds: ExplorationBounds(depth: 2, maxFaults: 1)).breadthFirst()
        print("EXPLORE", report.summary)
        for c in report.counterexamples { print("CE", c.invariant, c.steps, "\n", c.report, "\n", c.fixture) }
    }
}
