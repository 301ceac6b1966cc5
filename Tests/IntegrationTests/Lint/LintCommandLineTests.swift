import Foundation
import ScenarioRunner
import Testing

/// `adharness lint` as a CI step meets it: exit codes, formats, the rule list and bad usage.
@Suite("adharness lint")
struct LintCommandLineTests {
    static let lint = LintFixtureTests.folder.path

    @Test(
        "exit codes: 0 clean, 1 findings at or above --fail-on, 2 unreadable or bad usage",
        arguments: [
            ([String](["good-app"]), Int32(0)), (["bad-app"], 1), (["cases/IP006.skadnetwork-items-missing.plist"], 0),
            (["--fail-on", "warning", "cases/IP006.skadnetwork-items-missing.plist"], 1), (["--fail-on", "warning", "cases/IP005.sample-app-id.plist"], 0),
            (["--fail-on", "note", "cases/IP005.sample-app-id.plist"], 1), (["cases/IP011.ad-app-id-build-setting.plist"], 0),
            (["--fail-on", "warning", "cases/IP011.every-checked-value-from-build-settings.plist"], 0),
            (["--fail-on", "note", "cases/IP011.ad-app-id-build-setting.plist"], 1), (["good-app", "unreadable/misspelled-tag.plist"], 2),
            (["--format", "xml", "good-app"], 2), ([], 2),
        ] as [([String], Int32)])
    func exitCodes(_ arguments: [String], _ code: Int32) throws {
        let run = try CommandLineTests.adharness(
            ["lint"] + arguments.map { $0.hasPrefix("-") || ["warning", "note", "xml"].contains($0) ? $0 : "\(Self.lint)/\($0)" })
        #expect(run.code == code, "\(run.output)\(run.errors)")
    }

    @Test("text names file, line, severity, rule, key, message, why and fix; then the count")
    func text() throws {
        let run = try CommandLineTests.adharness(["lint", "Fixtures/lint/cases/IP001.tracking-text-missing.plist"], in: PackageFolder.root)
        #expect(
            run.output == """
                Fixtures/lint/cases/IP001.tracking-text-missing.plist:1: error IP001 NSUserTrackingUsageDescription: missing
                    why: \(LintRule.trackingUsageMissing.consequence)
                    fix: \(LintRule.trackingUsageMissing.fix)
                1 error, 0 warnings, 0 notes in 1 file; failing on error

                """)
    }

    @Test("a build-setting value is a note that says to lint the built app's Info.plist; the finding's own fix is printed")
    func buildSettingNote() throws {
        let run = try CommandLineTests.adharness(["lint", "Fixtures/lint/cases/IP011.ad-app-id-build-setting.plist"], in: PackageFolder.root)
        #expect(
            run.code == 0
                && run.output == """
                    Fixtures/lint/cases/IP011.ad-app-id-build-setting.plist:11: note IP011 GADApplicationIdentifier: \
                    "$(GAD_APPLICATION_ID)" is a build-setting reference, substituted at build time: IP004 checks the value the built app holds, not this one
                        why: \(LintRule.buildSettingValue.consequence)
                        fix: Lint the built app's Info.plist, where the value is substituted: adharness lint path/to/Built.app/Info.plist (IP004 checks it there).
                    0 errors, 0 warnings, 1 note in 1 file; failing on error

                    """
        )
    }

    @Test("--list-rules prints every rule with its source")
    func listRules() throws {
        let run = try CommandLineTests.adharness(["lint", "--list-rules"])
        let missing = LintRule.allCases.filter { !run.output.contains("\($0.id) \($0.severity.rawValue) \($0.name)") || !run.output.contains($0.source) }
        #expect(run.code == 0 && missing == [])
    }

    @Test("--format json and sarif print documents that parse")
    func machineFormats() throws {
        let outputs = try ["json", "sarif"].map { try CommandLineTests.adharness(["lint", "--format", $0, "\(Self.lint)/bad-app"]) }
        let parsed = outputs.map { (try? JSONSerialization.jsonObject(with: Data($0.output.utf8))) as? [String: Any] }
        #expect(outputs.map(\.code) == [1, 1] && parsed[0]?["findings"] != nil && parsed[1]?["version"] as? String == "2.1.0")
    }

    @Test("a mistyped option is refused with the one it resembles")
    func mistypedOption() throws {
        let run = try CommandLineTests.adharness(["lint", "--fail-onn", "warning", "."])
        #expect(run.code == 2 && run.errors.hasPrefix("adharness: unknown option --fail-onn for lint; did you mean --fail-on?"))
    }
}
