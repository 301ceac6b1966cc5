import AdHarness
import ScenarioRunner
import XCTest

/// The same check from XCTest, as an app's unit-test target on a device would run it.
final class BundledScenarioXCTests: XCTestCase {
    func testBundledScenariosPassOnATeamsGlue() throws {
        let files = try ScenarioFile.bundled(for: .anyGlue)
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let verdict = try file.run(glue: GlueFactory(ConsentFirstGlue.init))
            XCTAssertTrue(verdict.passed, "\(file): \(verdict.report)")
        }
    }
}
