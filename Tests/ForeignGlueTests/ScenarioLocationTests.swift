import AdHarness
import Scenarios
import Testing

/// A failure in a team's scenario names the step that broke the rule and the line of the fixture
/// that wrote it, as a Swift test's failure names the test's line.
@Suite("Failures point at the fixture's own steps")
struct ScenarioLocationTests {
    @Test("a failure in a scenario names the step and the fixture's line that wrote it")
    func scenarioFailurePointsAtTheFixtureLine() throws {
        let json = """
            {
              "name": "asks again while the user is away",
              "user": { "trackingPrompt": "leaveApp" },
              "steps": [
                "launch",
                "onboarding"
              ],
              "expect": { "warnings": [] }
            }
            """
        let onboardingLine = json.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"onboarding\"") }.map { $0 + 1 }
        let verdict = try Scenario.decode(json: json, name: "asks-again.json").run(glue: { AskUntilDecidedGlue(ports: $0) })
        guard case .invariantViolated(let violation)? = verdict.failure else {
            Issue.record("expected a broken rule, got \(String(describing: verdict.failure))")
            return
        }
        #expect(violation.step?.step == "onboarding")
        #expect(violation.step?.site.fileID == "asks-again.json")
        #expect(violation.step?.site.line == onboardingLine)
        #expect(violation.description.contains("in step: onboarding, called at asks-again.json:\(onboardingLine ?? 0)"))
    }
}
