/// Verifying a check inside whichever test framework is running.
extension ContractCheck {
    /// Runs the check against the subject and reports the outcome into the running test framework
    /// (Swift Testing or XCTest): a failure as an issue that names the port, the clause, what was
    /// expected and what came; a skip as the framework's own skip, so a device run shows what it left out.
    ///
    /// Throws only to skip (`XCTSkip` in XCTest; test cancellation in Swift Testing).
    @discardableResult
    public func verify(
        against subject: Subject,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column
    ) async throws -> ContractResult {
        let result = await run(against: subject)
        try ContractIssueReporter.report(result, at: ContractSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return result
    }
}
