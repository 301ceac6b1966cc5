/// Records a failure in the test framework that is running, at a place in the test's code.
///
/// AdHarnessContracts, which imports Swift Testing and XCTest, has the one recorder; the harness
/// finds it by its type's name where a test links that product, so that the harness's own tools,
/// and a team's, link no test framework.
package protocol TestIssueRecording: Sendable {
    /// Records `message` as a failure at the place, in Swift Testing or XCTest; `false` when
    /// neither kept it (no test is running). With `endingTheTest`, in Swift Testing it throws what a
    /// failed `#require` throws, which ends the test without a second issue.
    static func record(_ message: String, fileID: String, filePath: StaticString, line: Int, column: Int, endingTheTest: Bool) throws -> Bool
}
