import AdHarness
import Scenarios
import XCTest

final class MyGlueScenarioTests: XCTestCase {
    func testBundledScenarios() throws {
        for file in try ScenarioFile.bundled(for: .anyGlue) {
            let verdict = try file.run(glue: ConsentFirstGlue.init)
            XCTAssertTrue(verdict.passed, "\(file): \(verdict.report)")
        }
    }
}
