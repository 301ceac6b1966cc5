import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// The user closes the app before a long wait: the process ends, and with it the app's own timers,
/// as on a device, where an app is not left running in front for months.
@Suite("The user closes the app")
struct CloseStepTests {
    @Test("a closed app's timers do not run while time passes, and launch opens it again with what it stored")
    func closedAppWaits() throws {
        let app = try SimulatedApp(
            glue: BannerRefreshGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.requestAd()
        try app.advance(by: .seconds(120))
        let refreshed = app.adRequests.count
        #expect(refreshed == 3)  // the banner, then a refresh a minute
        try app.close()
        #expect(app.trace.events.last { $0.name == .appTerminate }.map { "\($0)" }?.contains("reason=close") == true)
        try app.advance(by: .seconds(420 * 86_400))
        #expect(app.adRequests.count == refreshed)
        let notRunning = #expect(throws: HarnessFailure.self) { try app.requestAd() }
        #expect(notRunning?.description.contains("the user closed it; launch it first") == true, "\(String(describing: notRunning))")
        try app.launch()
        #expect(app.trackingStatus == .authorized)
        #expect(try app.finish().isClean)
    }

    @Test("a scenario closes the app with \"close\", and a step that needs the app after it needs a launch first")
    func scenarioSpelling() throws {
        let ok = try Scenario.decode(json: #"{"name": "closed", "steps": ["launch", "close", {"advance": "30d"}, "launch"], "expect": {}}"#)
        #expect(ok.run(glue: GlueFactory(ConsentFirstGlue.init)).passed)
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.decode(json: #"{"name": "closed", "steps": ["launch", "close", "requestAd"], "expect": {}}"#)
        }
        #expect(error.map { "\($0)" }?.contains(#"expected "launch" after "close" before "requestAd""#) == true, "\(String(describing: error))")
    }
}
