import AdHarness
import Foundation
import HarnessCommandLine
import ScenarioRunner
import Testing

/// Warnings are findings everywhere a team looks: counted beside failures in every command's output,
/// searched for by the explorer, and failing the run at `--fail-on warning` (`failOn: .warning` in
/// the API). The glue starts the ad SDK at launch, before consent: the commonest real bug, which
/// Google's advice rules out, so it warns.
@Suite("Warnings at the gates a team runs")
struct WarningGateTests {
    static let early = ConsentManagerGlue.factory(.startsAdSDKAtLaunch)
    static let fixed = ConsentManagerGlue.factory()

    /// The team's tool over both glues: its exit code and everything it printed.
    static func tool(_ arguments: [String]) -> (Int32, String) {
        let printed = Printed()
        let code = HarnessCommandLine.run(arguments, glues: [early, fixed], output: Output(output: printed.append, errors: printed.append))
        return (code, printed.text)
    }

    @Test("explore finds the early start as a warning: exit 0 by default, 1 at --fail-on warning; the fixture fails until the fix, then passes")
    func exploreFindsTheEarlyStart() throws {
        let arguments = ["explore", "--glue", Self.early.name, "--depth", "2", "--max-faults", "0"]
        let (code, text) = Self.tool(arguments)
        #expect(code == 0, "\(text)")
        #expect(text.contains("WARNING  warning: adSDKStartsOnlyWhenAdsAllowed (guidance)"), "\(text)")
        #expect(text.contains("nothing failed; 1 warning: adSDKStartsOnlyWhenAdsAllowed"), "\(text)")
        #expect(!text.contains("NOTHING BROKE"))

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("warning-gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let (gated, gatedText) = Self.tool(arguments + ["--fail-on", "warning", "--out", out.path])
        #expect(gated == 1, "\(gatedText)")
        let fixture = out.appendingPathComponent("explore-adSDKStartsOnlyWhenAdsAllowed.json").path
        let (replayed, replayText) = Self.tool(["run", "--glue", Self.early.name, fixture])
        #expect(replayed == 1, "\(replayText)")
        #expect(replayText.contains("expect.warnings: expected none, got adSDKStartsOnlyWhenAdsAllowed"), "\(replayText)")
        let (fixedCode, fixedText) = Self.tool(["run", "--glue", Self.fixed.name, fixture])
        #expect(fixedCode == 0, "\(fixedText)")
    }

    @Test("run counts warnings in its summary, its JSON and its JUnit, and fails on them at --fail-on warning")
    func runCountsWarnings() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("early-start-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"name": "first launch in the EEA", "steps": ["launch"], "expect": {}}"#.utf8).write(to: file)
        let run = ["run", "--glue", Self.early.name, file.path]

        let (code, text) = Self.tool(run)
        #expect(code == 0)
        #expect(text.contains("warning: adSDKStartsOnlyWhenAdsAllowed (guidance)"))
        #expect(text.hasSuffix("1 passed, 0 failed; 1 warning: adSDKStartsOnlyWhenAdsAllowed\n"), "\(text)")

        let (gated, gatedText) = Self.tool(run + ["--fail-on", "warning"])
        #expect(gated == 1)
        #expect(gatedText.hasSuffix("0 passed, 1 failed; 1 warning: adSDKStartsOnlyWhenAdsAllowed\n"), "\(gatedText)")

        let (_, json) = Self.tool(run + ["--format", "json"])
        let document = try JSONDecoder().decode(JSONReport.Document.self, from: Data(json.utf8))
        #expect(document.summary.warnings == 1 && document.summary.rulesWarnedOf == ["adSDKStartsOnlyWhenAdsAllowed"])
        #expect(document.results.map(\.status) == [.pass])

        let (_, junit) = Self.tool(run + ["--format", "junit"])
        #expect(junit.contains("<system-out>warning: adSDKStartsOnlyWhenAdsAllowed"), "\(junit)")
        let (_, gatedJUnit) = Self.tool(run + ["--format", "junit", "--fail-on", "warning"])
        #expect(gatedJUnit.contains(#"failures="1""#) && gatedJUnit.contains(#"type="warning""#), "\(gatedJUnit)")
    }

    @Test("in a team's tests: a run, a scenario and a search each fail at failOn: .warning")
    func theAPIHasTheSameGate() throws {
        let app = try SimulatedApp(glue: Self.early, user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        app.failOn = .warning
        let thrown = #expect(throws: HarnessFailure.self) { try app.launch() }
        guard case .invariantViolated(let finding)? = thrown else { return }
        #expect(finding.rule == .adSDKStartsOnlyWhenAdsAllowed && finding.severity == .warning)

        let scenario = try Scenario.decode(json: #"{"name": "first launch", "steps": ["launch"], "expect": {}}"#)
        let verdict = scenario.run(glue: Self.early)
        #expect(verdict.passed && !verdict.passes(failOn: .warning))

        let search = try Explorer(glue: Self.early, bounds: ExplorationBounds(depth: 1, maxFaults: 0)).breadthFirst()
        #expect(search.passed && !search.passes(failOn: .warning))
        #expect(search.warnings.map(\.rule) == [.adSDKStartsOnlyWhenAdsAllowed])
        let fixedSearch = try Explorer(glue: Self.fixed, bounds: ExplorationBounds(depth: 1, maxFaults: 0)).breadthFirst()
        #expect(fixedSearch.passes(failOn: .warning), "\(fixedSearch.report)")
    }

    @Test("a warning that fails a run at failOn: .warning says so where it lands, and says how to let it pass, not to make it a warning")
    func warningGateSaysWhy() throws {
        let app = try SimulatedApp(glue: Self.early, user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        app.failOn = .warning
        try withKnownIssue {
            _ = try app.run { app in try app.launch() }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("rule: adSDKStartsOnlyWhenAdsAllowed (")
                && text.contains("it is a warning, failing this run because the app fails on warnings")
                && text.contains("rules: .standard.setting(.adSDKStartsOnlyWhenAdsAllowed, to: .off)") && !text.contains("to: .warning")
        }
    }

    @Test("with stopsAtFirstFailure off, the failures a run collected are recorded even when a later step throws")
    func collectedFailuresSurviveAThrowingStep() throws {
        let app = try SimulatedApp(glue: Self.early, user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        app.failOn = .warning
        app.stopsAtFirstFailure = false
        let recorded = RecordedIssues()
        try withKnownIssue {
            _ = try app.run { app in
                try app.launch()  // the early start: a finding the run collects and goes on past
                try app.tap("nothingThere")  // a control the glue does not have: the step throws
            }
        } matching: { issue in
            recorded.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        let texts = recorded.texts
        #expect(texts.count == 2, "\(texts)")
        #expect(texts.contains { $0.contains("rule: adSDKStartsOnlyWhenAdsAllowed (") }, "\(texts)")
        #expect(texts.contains { $0.contains("nothingThere") }, "\(texts)")
    }
}

/// The issues a known-issue matcher saw, in order.
final class RecordedIssues: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []
    func append(_ text: String) { lock.withLock { all.append(text) } }
    var texts: [String] { lock.withLock { all } }
}
