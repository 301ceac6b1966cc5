import Foundation
import ScenarioRunner

/// The results the report tests write: every bundled fixture, one scenario that fails and one file
/// that cannot be decoded, run once and shared.
enum ReportInputs {
    /// The QA "allow, accept" fixture.
    static let allowAccept = ScenarioFile(
        url: FixtureFiles.bundledDirectory.appendingPathComponent("qa/first-launch-allow.json"), displayPath: "qa/first-launch-allow.json"
    )

    /// A fixture that pins a bug on purpose: its run breaks a rule the scenario expects.
    static let droppedNPA = ScenarioFile(
        url: FixtureFiles.bundledDirectory.appendingPathComponent("mistakes/dropped-npa-is-caught.json"),
        displayPath: "mistakes/dropped-npa-is-caught.json"
    )

    /// A scenario that expects `npa=1` where the reference glue sends a personalized request.
    static let failingJSON = """
        {"name": "expects npa=1 after allow & accept <wrongly>",
         "user": {"trackingPrompt": "allow", "consentForm": "acceptAll"},
         "steps": ["launch", "onboarding", "requestAd"],
         "expect": {"adRequests": [{"npa": true}]}}
        """

    /// A file with a key the format does not have.
    static let malformedJSON = #"{"name": "typo", "steps": ["launch"], "expect": {}, "expcet": {}}"#

    /// The failing scenario's result, shown as `failing.json`.
    static var failing: ScenarioResult { result(of: failingJSON, shownAs: "failing.json") }

    /// The malformed file's result, shown as `malformed.json`.
    static var malformed: ScenarioResult { result(of: malformedJSON, shownAs: "malformed.json") }

    /// Every bundled fixture's result.
    static let bundled: [ScenarioResult] = ((try? ScenarioFile.bundled(for: .referenceGlue)) ?? []).map { ScenarioResult.run($0) }

    /// The bundled results, then the failing one, then the malformed one.
    static var all: [ScenarioResult] { bundled + [failing, malformed] }

    /// Decodes and runs inline JSON, as `adharness run` does a file.
    static func result(of json: String, shownAs file: String) -> ScenarioResult {
        do {
            let verdict = try Scenario.decode(json: json, name: file).run()
            return ScenarioResult(file: file, outcome: .ran(verdict))
        } catch {
            return ScenarioResult(file: file, outcome: .unreadable(error))
        }
    }
}
