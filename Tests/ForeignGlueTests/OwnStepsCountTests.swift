import AdHarness
import ScenarioRunner
import Testing

/// What a test counts after a run is what the run's own steps did, as a scenario's expectations count
/// it: the harness's tap on the privacy-options entry point at the run's end is the rules' business.
@Suite("Counts of the run's own steps")
struct OwnStepsCountTests {
    @Test("after the run, the forms and prompts a test counts leave out the harness's end-of-run tap, as the scenario's counts do")
    func countsLeaveOutTheProbe() throws {
        let app = try SimulatedApp(
            glue: ConsentFirstGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        let leftovers = try app.run { app in
            try app.launch()
            try app.onboarding()
        }
        #expect(leftovers != nil)
        // The probe showed the privacy-options form: it is in the trace, after the run's own steps.
        #expect(app.trace.count(of: .consentFormPresent) == 2)
        #expect(app.consentFormsShown == 1)
        #expect(app.trackingPrompts == 1)
        let scenario = try Scenario.decode(
            json: #"""
                {
                  "name": "the same run as a scenario",
                  "device": {"region": "eea"},
                  "user": {"trackingPrompt": "allow", "consentForm": "acceptAll"},
                  "steps": ["launch", "onboarding"],
                  "expect": {"consentForms": 1, "trackingPrompts": 1}
                }
                """#)
        #expect(scenario.run(glue: GlueFactory(ConsentFirstGlue.init)).passed)
    }

    @Test("a run finished twice, with steps between: each end's tap is left out, and every step's form is counted")
    func eachEndsProbeIsLeftOut() throws {
        let app = try SimulatedApp(
            glue: ConsentFirstGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        _ = try app.finish()
        try app.reinstall()
        try app.onboarding()
        _ = try app.finish()
        // Two forms and two prompts of the steps (one per install), two privacy-options forms of the ends.
        #expect(app.trace.count(of: .consentFormPresent) == 4)
        #expect(app.consentFormsShown == 2)
        #expect(app.trackingPrompts == 2)
    }
}
