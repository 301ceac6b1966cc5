import AdHarness
import Scenarios
import StandInRuntime
import Testing

/// The harness's own tap on the privacy-options entry point, after the run's end, changes nothing
/// the run did and decides nothing but that entry point: a review found each of these wrong.
@Suite("The privacy-options probe changes nothing")
struct PrivacyOptionsProbeTests {
    /// A returning EEA user whose stored privacy options are required, a first update that fails,
    /// and the reference glue, whose entry point then updates again before it presents.
    static func scenario(faults: String = #"[{"target": "consentInfoUpdate", "error": "network", "times": 1}]"#, user: String, expect: String = "{}")
        throws -> Scenario
    {
        try Scenario.decode(
            json: """
                {"name": "returning user, options required", "glue": "reference",
                 "previousSession": {"tracking": "denied", "consent": "obtained", "privacyOptions": "required"},
                 "faults": \(faults), "user": \(user), "steps": ["launch", "requestAd"], "expect": \(expect)}
                """)
    }

    @Test("a form the probe brings up later (after an update the tap starts) is dismissed too, whatever the script says, and needs no answer")
    func laterFormDismissed() throws {
        let scripted = try Self.scenario(user: #"{"trackingPrompt": "allow", "consentForm": "acceptAll", "privacyOptionsForm": "rejectAll"}"#).run()
        #expect(scripted.passed, "\(scripted.report)")
        let probe = try #require(scripted.trace.firstIndex { $0["detail"] == "probe" })
        let answers = scripted.trace[probe...].filter { $0.name == .consentFormAnswer }.map { $0["answer"] }
        #expect(answers == ["dismiss"])
        #expect(!scripted.trace[probe...].contains { $0.name == .storeSet && $0[.storageKey]?.hasPrefix("IABTCF_") == true })
        let unscripted = try Self.scenario(user: #"{"trackingPrompt": "allow", "consentForm": "acceptAll"}"#).run()
        #expect(unscripted.passed, "\(unscripted.report)")
    }

    @Test("the probe fires no fault: one the run left unfired is reported as left")
    func faultsUntouched() throws {
        let verdict = try Self.scenario(
            faults: #"[{"target": "formPresent", "error": "internal", "times": 1}]"#,
            user: #"{"trackingPrompt": "allow", "consentForm": "acceptAll", "privacyOptionsForm": "dismiss"}"#, expect: #"{"nothingLeft": true}"#
        ).run()
        #expect(verdict.mismatches.map(\.actual) == ["fault never fired: formPresent error=internal times=1"])
    }

    @Test("the probe comes after the run's end: a mismatch points into the run, not into the probe")
    func mismatchesPointIntoTheRun() throws {
        let verdict = try Self.scenario(
            faults: "[]", user: #"{"trackingPrompt": "allow", "consentForm": "acceptAll", "privacyOptionsForm": "dismiss"}"#,
            expect: #"{"final": {"tracking": "authorized"}}"#
        ).run()
        let divergence = try #require(verdict.mismatches.first?.divergence)
        #expect(verdict.trace[divergence].name == .runFinish)
        #expect(verdict.trace.contains { $0["detail"] == "probe" } && verdict.trace.last?.name == .probeEnd)
    }
}
