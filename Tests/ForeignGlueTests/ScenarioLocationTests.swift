import AdHarness
import Scenarios
import Testing

/// A failure in a team's scenario names the step that broke the rule and the line of the fixture
/// that wrote it, as a Swift test's failure names the test's line.
@Suite("Failures point at the fixture's own steps")
struct ScenarioLocationTests {
    /// A user who leaves the app while the tracking prompt is up, and a glue that asks again at once.
    static let asksAgain = """
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

    /// An EEA user who allows tracking and accepts the consent form: the app's own mistakes (no
    /// privacy-options entry point, the ad SDK started at launch) are what its runs find.
    static let consentingUser = """
        {
          "name": "an EEA user who allows tracking and accepts the form",
          "user": { "trackingPrompt": "allow", "consentForm": "acceptAll" },
          "steps": [
            "launch",
            "onboarding"
          ],
          "expect": {}
        }
        """

    /// The 1-based line of the first line of `text` that contains `needle`.
    static func line(of needle: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    @Test("a failure in a scenario names the step and the fixture's line that wrote it")
    func scenarioFailurePointsAtTheFixtureLine() throws {
        let onboardingLine = try #require(Self.line(of: "\"onboarding\"", in: Self.asksAgain))
        let verdict = try Scenario.decode(json: Self.asksAgain, name: "asks-again.json").run(glue: { AskUntilDecidedGlue(ports: $0) })
        guard case .invariantViolated(let violation)? = verdict.failure else {
            Issue.record("expected a broken rule, got \(String(describing: verdict.failure))")
            return
        }
        #expect(violation.step?.step == "onboarding")
        #expect(violation.step?.site.fileID == "asks-again.json")
        #expect(violation.step?.site.line == onboardingLine)
        #expect(violation.description.contains("in step: onboarding, called at asks-again.json:\(onboardingLine)"))
    }

    @Test("a finding at the run's end names finish at the line of the fixture's steps")
    func endOfRunFindingPointsAtTheSteps() throws {
        let stepsLine = try #require(Self.line(of: "\"steps\"", in: Self.consentingUser))
        let verdict = try Scenario.decode(json: Self.consentingUser, name: "no-entry-point.json").run(glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint))
        let finding = try #require((verdict.violations + verdict.warnings).first { $0.rule == .privacyOptionsReachable })
        #expect(finding.step?.step == "finish")
        #expect(finding.step?.site.description == "no-entry-point.json:\(stepsLine)")
    }

    @Test("a warning in a scenario names its step and line too")
    func warningPointsAtTheFixtureLine() throws {
        let launchLine = try #require(Self.line(of: "\"launch\"", in: Self.consentingUser))
        // The standard rules warn where a glue starts the ad SDK before consent: at launch.
        let verdict = try Scenario.decode(json: Self.consentingUser, name: "early-start.json").run(glue: ConsentManagerGlue.factory(.startsAdSDKAtLaunch))
        let warning = try #require(verdict.warnings.first { $0.rule == .adSDKStartsOnlyWhenAdsAllowed })
        #expect(warning.step?.step == "launch")
        #expect(warning.step?.site.description == "early-start.json:\(launchLine)")
    }

    @Test("once a test changes the steps, the fixture's lines no longer name them: a finding names no step rather than a wrong line")
    func editedStepsNameNoLine() throws {
        var scenario = try Scenario.decode(json: Self.consentingUser, name: "no-entry-point.json")
        scenario.steps.append(.requestAd)
        let verdict = scenario.run(glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint))
        let finding = try #require((verdict.violations + verdict.warnings).first { $0.rule == .privacyOptionsReachable })
        // The file's `steps` line is not where this list is written any more: the end names no line.
        #expect(finding.step == nil)
    }
}
