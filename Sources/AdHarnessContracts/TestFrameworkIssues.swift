#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// The recorder the harness looks up by name (``TestIssueRecording``, `18AdHarnessContracts19TestFrameworkIssuesO`):
/// a broken rule in a step of `SimulatedApp.run(_:)` lands on the step's own line in the test.
enum TestFrameworkIssues: TestIssueRecording {
    /// Records the failure in Swift Testing or XCTest, and says whether the framework kept it.
    ///
    /// In Swift Testing, `endingTheTest` records it as a failed `#require` does and throws what a
    /// failed `#require` throws, which ends the test without a second issue. In XCTest the answer is
    /// `false`: XCTest drops a failure made outside a running test case and cannot say so, so the
    /// caller throws the failure as well.
    static func record(_ message: String, fileID: String, filePath: StaticString, line: Int, column: Int, endingTheTest: Bool) throws -> Bool {
        #if canImport(Testing)
            if Test.current != nil {
                let place = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: line, column: column)
                guard endingTheTest else {
                    Issue.record(Comment(rawValue: message), sourceLocation: place)
                    return true
                }
                let runPassed = false
                try #require(runPassed, Comment(rawValue: message), sourceLocation: place)
                return true
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: filePath, line: UInt(line))
        #endif
        return false
    }
}
