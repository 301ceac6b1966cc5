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

    /// Runs one step called from `site` (a scenario file's line, or ``CallSite/unwritten`` for the
    /// explorer's steps).
    package func perform(_ step: Step, at site: CallSite) throws(HarnessFailure) {
        switch step {
        case .launch: try launch(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .onboarding: try onboarding(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .requestTracking: try requestTracking(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .requestTrackingThenAd:
            try requestTracking(thenRequestAd: true, fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .requestAd: try requestAd(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .readAdvertisingIdentifier:
            try readAdvertisingIdentifier(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .foreground: try foreground(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .openPrivacyOptions: try openPrivacyOptions(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .relaunch: try relaunch(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .reinstall: try reinstall(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .runUntilIdle: try runUntilIdle(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .requestLocation: try requestLocation(fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .advance(let duration): try advance(by: duration, fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .travel(let region): try travel(to: region, fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .tap(let control): try tap(control, fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .sdk(let call): try callConsentSDK(call, fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
        case .settings(let changes):
            for change in changes {
                switch change {
                case .device(let change):
                    try changeSettings(change, fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
                case .location(let change):
                    try changeLocationSettings(change, fileID: site.fileID, filePath: site.staticFilePath ?? "", line: site.line, column: site.column)
                }
            }
        }
    }
}
