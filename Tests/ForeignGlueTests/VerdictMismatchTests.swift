import AdHarness
import Foundation
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

    @Test(
        "an npa value a team's scenario pins is checked under the standard rules: a glue that sends the other value fails at that request",
        arguments: [#""adRequests": [{"npa": true}]"#, #""everyAdRequest": {"npa": true}"#]
    )
    func pinnedNPAIsChecked(expectation: String) throws {
        func scenario(pinning value: Bool) throws -> Scenario {
            try Scenario.decode(
                json: """
                    {
                      "name": "the team pins npa",
                      "device": {"region": "other"},
                      "user": {"trackingPrompt": "allow"},
                      "steps": ["launch", "onboarding", "requestAd"],
                      "expect": {\(expectation.replacingOccurrences(of: "true", with: String(value)))}
                    }
                    """)
        }
        // Outside regulated regions, with tracking allowed, this glue sends a personalized request (npa=0).
        let wrong = try scenario(pinning: true).run(glue: GlueFactory(ConsentFirstGlue.init))
        let missed = try #require(wrong.mismatches.first)
        #expect(missed.expectation.hasPrefix(expectation.hasPrefix(#""adRequests""#) ? "expect.adRequests[0]" : "expect.everyAdRequest"))
        #expect(missed.actual.contains("npa: false"))
        #expect(try scenario(pinning: false).run(glue: GlueFactory(ConsentFirstGlue.init)).passed)
    }
}
