/// Verifying a check inside whichever test framework is running.
extension ContractCheck {
    /// Runs the check against the subject and reports the outcome into the running test framework
    /// (Swift Testing or XCTest): a failure as an issue that names the port, the clause, what was
    /// expected and what came; a skip so that a device run shows what it left out (in Swift Testing
    /// a warning, which the console shows and which does not fail the run; in XCTest, `XCTSkip`).
    ///
    /// Throws only to skip in XCTest.
    ///
    /// This is the call that runs the contract suite against a team's adapters. A subject reaches
    /// the adapter; one that arranges no situation has the world-control clauses skipped, not failed.
    /// Parameterized over a port's checks, each clause is a test case of its own:
    ///
    /// ```swift
    /// struct MyStoreSubject: KeyValueStoreSubject {
    ///     func current() -> any KeyValueStore { MyDefaultsStore() }   // your adapter, as it stands
    /// }
    ///
    /// @Test(arguments: KeyValueStoreContract.checks)
    /// func myStoreKeepsTheContract(_ check: ContractCheck<any KeyValueStoreSubject>) async throws {
    ///     try await check.verify(against: MyStoreSubject())
    /// }
    /// ```
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
