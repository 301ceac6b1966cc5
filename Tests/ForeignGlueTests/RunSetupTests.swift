import AdHarness
import ScenarioRunner
import Testing

/// One start, many runs: a `RunSetup` is where a run starts, whichever glue it hosts, and a
/// scenario's start is one too.
@Suite("Where a run starts")
struct RunSetupTests {
    /// An EEA user who denies tracking and accepts the consent form.
    static let eeaUserDenyingTracking = RunSetup(
        device: Device(region: .eea), user: User(trackingPrompt: .deny, consentForm: .acceptAll)
    )

    @Test("the same start, run against two glues, meets both with the same user on the same device")
    func sameStartTwoGlues() throws {
        let setup = Self.eeaUserDenyingTracking
        for app in [try SimulatedApp(glue: ConsentManagerGlue.factory(), setup: setup), try SimulatedApp(glue: .reference(), setup: setup)] {
            try app.launch()
            try app.onboarding()
            try app.requestAd()
            // The user denied the prompt and accepted the form, whichever glue asked.
            #expect(app.trackingStatus == .denied)
            #expect(app.groundTruth?.consent == .obtained)
            #expect(app.consentFormsShown == 1)
            #expect(app.adRequests.count == 1)
            try app.finish()
        }
    }

    @Test("each part of the setup takes effect: the region, the stored tracking answer, the fault")
    func eachPartTakesEffect() throws {
        let setup = RunSetup(
            device: Device(region: .regulatedUSState), previousSession: PreviousSession(tracking: .authorized),
            faults: [.adLoad(.error(.noFill))]
        )
        let app = try SimulatedApp(glue: ConsentManagerGlue.factory(), setup: setup)
        try app.launch()
        try app.onboarding()
        try app.requestAd()
        let leftovers = try app.finish()
        #expect(app.trace.events(named: .deviceReady).first?[.region] == .regulatedUSState)
        #expect(app.trackingPrompts == 0)  // answered in an earlier session
        #expect(app.trackingStatus == .authorized)
        #expect(app.adRequests.count == 1)
        #expect(leftovers.unfiredFaults.isEmpty)  // the request met the fault
    }

    @Test("a scenario's start, stepped in a Swift test, is the scenario's run")
    func scenarioStartInASwiftTest() throws {
        let file = try #require(try ScenarioFile.bundled(for: .anyGlue).first)
        var scenario = try file.load()
        let app = try SimulatedApp(glue: ConsentManagerGlue.factory(), setup: scenario.setup, rules: scenario.rules)
        for step in scenario.steps { try app.perform(step) }
        try app.finish()
        let verdict = scenario.run(glue: ConsentManagerGlue.factory())
        #expect(app.trace.events.map(\.description) == verdict.trace.map(\.description))

        // A new start replaces the four parts at once.
        scenario.setup = Self.eeaUserDenyingTracking
        #expect(scenario.device == Self.eeaUserDenyingTracking.device)
        #expect(scenario.user == Self.eeaUserDenyingTracking.user)
        #expect(scenario.faults.isEmpty && scenario.previousSession == .freshInstall)
    }
}
