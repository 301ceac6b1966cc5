import Foundation
import ScenarioRunner
import Testing

/// The JSON and SARIF documents: what tools read, checked for the fields their formats require.
@Suite("Lint report formats")
struct LintReportFormatTests {
    static let badApp = ConfigurationLinter().lint(paths: [LintFixtureTests.folder.appendingPathComponent("bad-app").path])

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("SARIF 2.1.0: version, schema, the tool and its rules, each result with rule, level, message and location")
    func sarifRequiredFields() throws {
        let log = try object(SARIFReport.json(for: Self.badApp, toolVersion: "test"))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.map { $0["id"] as? String ?? "" }
        let results = try #require(run["results"] as? [[String: Any]])
        let levels: Set<String> = ["none", "note", "warning", "error"]
        let badResults = results.filter { result in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let uri = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
            let line = (location?["region"] as? [String: Any])?["startLine"] as? Int
            let index = result["ruleIndex"] as? Int ?? -1
            return !levels.contains(result["level"] as? String ?? "") || ((result["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty
                || uri?.isEmpty != false || (line ?? 0) < 1 || !ruleIDs.indices.contains(index) || ruleIDs[index] != result["ruleId"] as? String
        }
        let invocation = (run["invocations"] as? [[String: Any]])?.first
        #expect(log["version"] as? String == "2.1.0" && (log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        #expect(driver["name"] as? String == "adharness" && ruleIDs == LintRule.allCases.map(\.id))
        #expect(results.count == Self.badApp.findings.count && badResults.isEmpty && invocation?["executionSuccessful"] as? Bool == true)
    }

    @Test("SARIF marks a run with an unreadable input unsuccessful, with a notification naming the file")
    func sarifUnreadable() throws {
        let report = ConfigurationLinter().lint(paths: [LintFixtureTests.folder.appendingPathComponent("unreadable/array-at-top.plist").path])
        let run = try #require((try object(SARIFReport.json(for: report)))["runs"] as? [[String: Any]]).first
        let invocation = try #require((run?["invocations"] as? [[String: Any]])?.first)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(
            invocation["executionSuccessful"] as? Bool == false
                && (notification["message"] as? [String: Any])?["text"] as? String == report.unreadable.first?.problem)
    }

    @Test("JSON decodes back to the same findings, with the rules' fields and the exit code")
    func jsonRoundTrip() throws {
        let text = LintJSONReport.json(for: Self.badApp, failOn: .warning)
        let document = try JSONDecoder().decode(LintJSONReport.Document.self, from: Data(text.utf8))
        #expect(document == LintJSONReport.document(for: Self.badApp, failOn: .warning))
        #expect(document.findings.map(\.ruleId) == Self.badApp.findings.map(\.rule.id) && document.summary.exitCode == 1)
    }

    @Test("exit codes: 0 below --fail-on, 1 at or above it")
    func exitCodes() {
        let warningOnly = ConfigurationLinter().lint(paths: [LintFixtureTests.folder.appendingPathComponent("cases/IP006.skadnetwork-items-missing.plist").path]
        )
        #expect(LintSeverity.allCases.map { warningOnly.exitCode(failOn: $0) } == [1, 1, 0])
    }
}
