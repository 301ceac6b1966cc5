/// Records a failure in the test framework that is running, at a place in the test's code.
///
/// AdHarnessContracts, which imports Swift Testing and XCTest, has the one recorder; the harness
/// finds it by its type's name where a test links that product, so that the harness's own tools,
/// and a team's, link no test framework.
package protocol TestIssueRecording: Sendable {
    /// Records `message` as a failure at the place, in Swift Testing or XCTest; `false` when
    /// neither is running a test.
    static func record(_ message: String, fileID: String, filePath: StaticString, line: Int, column: Int) -> Bool
}
