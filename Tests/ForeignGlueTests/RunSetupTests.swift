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

    @Test("the setup's parts are the ones the separate arguments give")
    func setupEqualsArguments() throws {
        let setup = RunSetup(
            device: Device(region: .regulatedUSState), previousSession: PreviousSession(tracking: .authorized), faults: [.formLoad(.error(.timeout))])
        let viaSetup = try SimulatedApp(glue: ConsentManagerGlue.factory(), setup: setup)
        let viaArguments = try SimulatedApp(
            glue: ConsentManagerGlue.factory(), device: setup.device, previousSession: setup.previousSession, faults: setup.faults
        )
        for app in [viaSetup, viaArguments] {
            try app.launch()
            try app.onboarding()
            try app.requestAd()
            try app.finish()
        }
        #expect(viaSetup.trace.events.map(\.description) == viaArguments.trace.events.map(\.description))
        #expect(viaSetup.trackingStatus == .authorized)
    }

    @Test("a scenario's start runs in a Swift test of its own, and a new start replaces its device, previous session, user and faults")
    func scenarioStartInASwiftTest() throws {
        let file = try #require(try ScenarioFile.bundled(for: .anyGlue).first)
        var scenario = try file.load()
        let app = try SimulatedApp(glue: ConsentManagerGlue.factory(), setup: scenario.setup)
        #expect(app.device.osVersion == scenario.device.os.osVersion)

        scenario.setup = Self.eeaUserDenyingTracking
        #expect(scenario.device == Self.eeaUserDenyingTracking.device)
        #expect(scenario.user == Self.eeaUserDenyingTracking.user)
        #expect(scenario.faults.isEmpty && scenario.previousSession == .freshInstall)
    }
}
