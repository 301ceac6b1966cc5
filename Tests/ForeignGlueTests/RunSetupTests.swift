import AdHarness
import AdRequestKit
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

    @Test("each part of the setup takes effect: the region, the stored tracking answer, the user's answer, the fault")
    func eachPartTakesEffect() throws {
        let setup = RunSetup(
            device: Device(region: .eea), previousSession: PreviousSession(tracking: .authorized),
            user: User(consentForm: .rejectAll), faults: [.adLoad(.error(.noFill), times: 1)]
        )
        let app = try SimulatedApp(glue: ConsentManagerGlue.factory(), setup: setup)
        try app.launch()
        try app.onboarding()
        try app.requestAd()
        #expect(app.trace.events(named: .deviceReady).first?[.region] == .eea)
        #expect(app.trackingPrompts == 0)  // answered in an earlier session
        #expect(app.trackingStatus == .authorized)
        #expect(app.consentFormsShown == 1)
        #expect(app.groundTruth?.signalsAllowPersonalized == false)  // the user rejected all
        #expect(app.trace.events(named: .adsLoadFailed).map { $0[.error] } == ["noFill"])
        try app.finish()
    }

    /// The bundled example that sets all four parts: a device, a returning user, scripted answers, a fault.
    static func example() throws -> Scenario {
        let file = try #require(
            try ScenarioFile.bundled(for: .anyGlue).first { $0.displayPath.hasSuffix("examples/denied-tracking-keeps-requests-non-personalized.json") }
        )
        return try file.load()
    }

    @Test("a scenario's setup is its device, previous session, user and faults: an app started from it runs as one started from the four")
    func scenarioSetupIsItsFourParts() throws {
        var scenario = try Self.example()
        let fromSetup = try SimulatedApp(glue: ConsentManagerGlue.factory(), setup: scenario.setup)
        let fromParts = try SimulatedApp(
            glue: ConsentManagerGlue.factory(), device: scenario.device, previousSession: scenario.previousSession, user: scenario.user,
            faults: scenario.faults
        )
        var leftovers: [Leftovers] = []
        for app in [fromSetup, fromParts] {
            for step in scenario.steps { try app.perform(step) }
            leftovers.append(try app.finish())
        }
        #expect(fromSetup.trace.events.map(\.description) == fromParts.trace.events.map(\.description))
        // The scenario's fault came along: a returning user's glue loads no form, so it is left unfired.
        #expect(leftovers.map(\.unfiredFaults.count) == [1, 1])

        // A new start replaces the four parts at once.
        scenario.setup = Self.eeaUserDenyingTracking
        #expect(scenario.device == Self.eeaUserDenyingTracking.device)
        #expect(scenario.user == Self.eeaUserDenyingTracking.user)
        #expect(scenario.faults.isEmpty && scenario.previousSession == .freshInstall)
    }

    @Test("a GPP string set from Swift whose US state section does not decode fails setup, as it does in a scenario file")
    func undecodableGPPStateSectionFailsSetup() throws {
        // Section 16 (Texas), cut short: the header decodes, the section does not.
        var previousSession = PreviousSession()
        previousSession.gppString = "DBABBg~BVWSSSV"
        let setup = RunSetup(device: Device(region: .regulatedUSState), previousSession: previousSession)
        do {
            _ = try SimulatedApp(glue: .reference(), setup: setup)
            Issue.record("expected setup to fail")
        } catch .invalidSetup(let problem) {
            #expect(problem.hasPrefix("previousSession.gppString: expected a GPP string whose US sections decode, found DBABBg~BVWSSSV: segment 1"))
        } catch {
            Issue.record("expected invalidSetup, found \(error)")
        }
    }
}
