import Foundation
import ScenarioRunner
import Testing

@Test func appConfigurationShips() {
    let app = FixtureFiles.bundledDirectory.appendingPathComponent("lint/good-app")  // your app's folder
    let report = ConfigurationLinter().lint(paths: [app.path])
    #expect(report.unreadable.isEmpty)
    #expect(report.findings(atLeast: .warning) == [], "\(LintTextReport().text(for: report))")
}
