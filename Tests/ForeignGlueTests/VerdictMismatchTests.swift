import AdHarness
import ScenarioRunner
import Testing

/// A team asserts on which expectation a scenario missed, as typed values, not by parsing the report.
@Suite("A verdict's missed expectations")
struct VerdictMismatchTests {
    @Test("a scenario that expects two ad requests where the app sends one names the expectation, what it expected and what happened")
    func namesTheMissedExpectation() throws {
        let scenario = try Scenario.decode(
            json: #"""
                {
                  "name": "one request, two expected",
                  "device": {"region": "other"},
                  "user": {"trackingPrompt": "allow"},
                  "steps": ["launch", "onboarding", "requestAd"],
                  "expect": {"adRequests": [{"npa": false}, {"npa": false}]}
                }
                """#)
        let verdict = scenario.run(glue: GlueFactory(ConsentFirstGlue.init))
        #expect(!verdict.passed)
        #expect(verdict.name == "one request, two expected")
        let missed = try #require(verdict.mismatches.first)
        #expect(verdict.mismatches.count == 1)
        #expect(missed.expectation == "expect.adRequests")
        #expect(missed.expected == "2 requests")
        #expect(missed.actual == "1")
        let divergence = try #require(missed.divergence)
        #expect(verdict.trace[divergence].name == .adsRequest)
    }
}
