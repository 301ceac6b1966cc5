import StandInRuntime

extension SimulatedApp {
    /// Runs one step, spelled as a scenario's `steps` spell it: one entry point for every step, so a
    /// parameterized test can take its steps as arguments (`try app.perform(.tap("continue"))`).
    ///
    /// A failure names the step and the line of the test that called `perform`, as the step's own
    /// method does (`app.requestAd()` and `app.perform(.requestAd)` are the same step). A `settings`
    /// step makes each change as `changeSettings(_:)` or `changeLocationSettings(_:)` does, one trip to
    /// Settings each; `readAdvertisingIdentifier` reads the identifier as the glue does and drops it
    /// (call `readAdvertisingIdentifier()` for the value).
    public func perform(_ step: Step, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try perform(step, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
