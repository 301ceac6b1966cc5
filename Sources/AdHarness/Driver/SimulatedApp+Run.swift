import PortContracts
import StandInRuntime

extension SimulatedApp {
    /// Runs the steps of `body`, then the run's end, and records what fails in the running test
    /// at the step that failed: the file, line and column of that call.
    ///
    /// In Swift Testing the failure is an issue at the step's line, and the test ends there, as at a
    /// failed `#require`: what `run` throws then is recorded nowhere else, and the test's code after
    /// it does not run to fail again on a run that stopped early (inside `withKnownIssue`, the code
    /// after the block goes on). In XCTest it is a failure at the step's line and is thrown as well,
    /// since XCTest cannot say whether it kept it. The message names the rule, whose it is, its
    /// source, and how to change its severity. The steps after a failing one do not run; `run` returns
    /// the leftovers of a finished run, and does not return from a failed one. A failure at
    /// the run's end that no step caused is recorded at `run`'s own line. With `stopsAtFirstFailure`
    /// off, each failure in ``failures`` is recorded the same way, the last one ending the test.
    ///
    /// The recording needs the test to link `AdHarnessContracts` (the product that talks to the test
    /// frameworks); without it, `run` throws the failure, as a step does. Errors the body throws that
    /// are not the harness's (a `#require`, an `XCTSkip`) pass through unchanged.
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
        let before = failures.count
        // Records the failures the run collected (with `stopsAtFirstFailure` off), then `last`, which
        // ends the test; throws the first where no test framework kept them.
        func record(collectedBut last: HarnessFailure?) throws {
            var pending = failures.dropFirst(before).map(HarnessFailure.invariantViolated)
            if let last {
                // The thrown failure is one the run collected too: the same rule broken at the same event.
                if case .invariantViolated(let thrown) = last {
                    pending.removeAll { failure in
                        guard case .invariantViolated(let finding) = failure else { return false }
                        return finding.rule == thrown.rule && finding.event == thrown.event
                    }
                }
                pending.append(last)
            }
            var kept = true
            for (index, failure) in pending.enumerated() {
                kept = try TestFramework.record(Self.message(for: failure), at: place(of: failure) ?? site, endingTheTest: index == pending.count - 1) && kept
            }
            if !kept, let first = pending.first { throw first }
        }
        do {
            try body(self)
            let leftovers = try finish(fileID: fileID, filePath: filePath, line: line, column: column)
            try record(collectedBut: nil)
            return leftovers
        } catch let failure as HarnessFailure {
            abandon()
            try record(collectedBut: failure)
            return nil
        } catch {
            abandon()
            throw error
        }
    }

    /// Where the test called the step a failure belongs to: the step that broke the rule (or caused
    /// the finding), else the last step the test called; `nil` when neither is a place in a test.
    package func place(of failure: HarnessFailure) -> CallSite? {
        if case .invariantViolated(let violation) = failure, let step = locating(violation).step {
            return step.site.staticFilePath == nil ? nil : step.site
        }
        return lastStepCall.flatMap { $0.site.staticFilePath == nil ? nil : $0.site }
    }

    /// A failure as a test shows it: what broke, then the rule's name, whose rule it is, its source
    /// and how to change its severity: the call that does it, or, for a warning that fails the run
    /// because the app fails on warnings, that setting.
    static func message(for failure: HarnessFailure) -> String {
        guard case .invariantViolated(let violation) = failure else { return failure.description }
        let rule = violation.rule
        let change: String
        if !RuleID.allCases.contains(rule) {
            change = "give it another severity where your rule set adds it (adding(_:severity:))"
        } else if violation.severity == .warning {
            change =
                "it is a warning, failing this run because the app fails on warnings (failOn = .warning); "
                + "leave failOn at .failure, or turn the rule off: rules: .standard.setting(.\(rule.rawValue), to: .off), on the rule set the app is made with"
        } else {
            change = "rules: .standard.setting(.\(rule.rawValue), to: .warning) (or .off), on the rule set the app is made with"
        }
        return """
            \(failure.description)
            source of \(rule.rawValue): \(rule.source)
            to change its severity: \(change)
            """
    }
}

/// The test framework running the test, through the recorder a test links with `AdHarnessContracts`,
/// found by its type's name: the harness's tools link no test framework.
package enum TestFramework {
    /// `AdHarnessContracts.TestFrameworkIssues`, when the process has it.
    static let recorder = _typeByName(recorderName) as? any TestIssueRecording.Type

    /// The recorder's mangled type name (module and type, each after its length).
    package static let recorderName = "18AdHarnessContracts19TestFrameworkIssuesO"

    /// Records a failure at a call site of a test; `true` only when a test framework surely kept it,
    /// `false` when the caller must still throw or print it. With `endingTheTest`, a Swift Testing test
    /// ends here, as at a failed `#require`: what it throws is recorded nowhere else.
    static func record(_ message: String, at site: CallSite, endingTheTest: Bool = false) throws -> Bool {
        guard let recorder, let path = site.staticFilePath else { return false }
        return try recorder.record(message, fileID: site.fileID, filePath: path, line: site.line, column: site.column, endingTheTest: endingTheTest)
    }
}
