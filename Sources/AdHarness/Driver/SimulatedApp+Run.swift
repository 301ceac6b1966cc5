import PortContracts
import StandInRuntime

extension SimulatedApp {
    /// Runs the steps of `body`, then the run's end, and records what fails in the running test
    /// at the step that failed: the file, line and column of that call, as an `#expect` would.
    ///
    /// A failure does not throw out of the test: Swift Testing and XCTest show a thrown error at the
    /// test's own line, not at the step. The message names the rule, whose it is, its source, and
    /// how to change its severity. The steps after a failing one do not run; the test goes on after
    /// `run`, which returns the leftovers of a finished run, or `nil` when a step failed.
    ///
    /// The recording needs the test to link `AdHarnessContracts` (the product that talks to the test
    /// frameworks); without it, `run` throws the failure, as a step does.
    ///
    /// ```swift
    /// try SimulatedApp(glue: MyGlue.init).run { app in
    ///     try app.launch()
    ///     try app.onboarding()   // a broken rule is reported on this line
    /// }
    /// ```
    @discardableResult
    public func run(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (SimulatedApp) throws -> Void
    ) throws -> Leftovers? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            try body(self)
            return try finish(fileID: fileID, filePath: filePath, line: line, column: column)
        } catch let failure as HarnessFailure {
            guard TestFramework.record(Self.message(for: failure), at: place(of: failure) ?? site) else { throw failure }
            abandon()
            return nil
        } catch {
            guard TestFramework.record("\(error)", at: site) else { throw error }
            abandon()
            return nil
        }
    }

    /// Where the test called the step a failure belongs to: the step that broke the rule (or caused
    /// the finding), else the last step the test called.
    package func place(of failure: HarnessFailure) -> CallSite? {
        if case .invariantViolated(let violation) = failure, let step = locating(violation).step, step.site.staticFilePath != nil {
            return step.site
        }
        return lastStepCall?.site
    }

    /// A failure as a test shows it: what broke, then the rule's name, whose rule it is, its source
    /// and how to change its severity.
    static func message(for failure: HarnessFailure) -> String {
        guard case .invariantViolated(let violation) = failure else { return failure.description }
        let rule = violation.invariant
        return """
            \(failure.description)
            rule: \(rule.rawValue) (\(violation.authority), \(violation.severity.rawValue)); source: \(rule.source)
            to change its severity: rules: RuleSet.standard.setting(.\(rule.rawValue), to: .warning) (or .off)
            """
    }
}

/// The test framework running the test, through the recorder a test links with `AdHarnessContracts`,
/// found by its type's name: the harness's tools link no test framework.
enum TestFramework {
    /// `AdHarnessContracts.TestFrameworkIssues`, when the process has it.
    static let recorder = _typeByName("18AdHarnessContracts19TestFrameworkIssuesO") as? any TestIssueRecording.Type

    /// Records a failure at a call site; `false` when no recorder or no test framework is there.
    static func record(_ message: String, at site: CallSite) -> Bool {
        guard let recorder, let path = site.staticFilePath else { return false }
        return recorder.record(message, fileID: site.fileID, filePath: path, line: site.line, column: site.column)
    }
}
