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
    public func perform(_ step: Step, fileID: String = #fileID, line: Int = #line) throws(HarnessFailure) {
        try perform(step, at: CallSite(fileID: fileID, line: line))
    }

    /// Runs one step called from `site` (a scenario file's line, or ``CallSite/unwritten`` for the
    /// explorer's steps).
    package func perform(_ step: Step, at site: CallSite) throws(HarnessFailure) {
        switch step {
        case .launch: try launch(fileID: site.fileID, line: site.line)
        case .onboarding: try onboarding(fileID: site.fileID, line: site.line)
        case .requestTracking: try requestTracking(fileID: site.fileID, line: site.line)
        case .requestTrackingThenAd: try requestTracking(thenRequestAd: true, fileID: site.fileID, line: site.line)
        case .requestAd: try requestAd(fileID: site.fileID, line: site.line)
        case .readAdvertisingIdentifier: try readAdvertisingIdentifier(fileID: site.fileID, line: site.line)
        case .foreground: try foreground(fileID: site.fileID, line: site.line)
        case .openPrivacyOptions: try openPrivacyOptions(fileID: site.fileID, line: site.line)
        case .relaunch: try relaunch(fileID: site.fileID, line: site.line)
        case .reinstall: try reinstall(fileID: site.fileID, line: site.line)
        case .runUntilIdle: try runUntilIdle(fileID: site.fileID, line: site.line)
        case .requestLocation: try requestLocation(fileID: site.fileID, line: site.line)
        case .advance(let duration): try advance(by: duration, fileID: site.fileID, line: site.line)
        case .travel(let region): try travel(to: region, fileID: site.fileID, line: site.line)
        case .tap(let control): try tap(control, fileID: site.fileID, line: site.line)
        case .sdk(let call): try callConsentSDK(call, fileID: site.fileID, line: site.line)
        case .settings(let changes):
            for change in changes {
                switch change {
                case .device(let change): try changeSettings(change, fileID: site.fileID, line: site.line)
                case .location(let change): try changeLocationSettings(change, fileID: site.fileID, line: site.line)
                }
            }
        }
    }
}
