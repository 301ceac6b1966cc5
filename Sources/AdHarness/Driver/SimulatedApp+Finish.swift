import AdRequestKit
import AppInfoPlist
import Foundation
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// The end of a run: the rules that wait for it, the privacy-options probe, and what is left over.
extension SimulatedApp {
    /// The end of the run: runs what is due now, decides the rules that wait for the end (a tracking
    /// request never asked again; with nothing left waiting, consent never gathered and an ad never
    /// requested), and returns what is left over. Throws the first new violation.
    @discardableResult
    public func finish(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure)
        -> Leftovers
    {
        try finish(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The end of the run, called from `site` (a scenario file's `steps`, or ``CallSite/unwritten`` for the
    /// explorer's run).
    @discardableResult
    package func finish(at site: CallSite) throws(HarnessFailure) -> Leftovers {
        // What the end sets off is the end's: a finding there names `finish` (see `locating`).
        let index = trace.events.count
        inOrder { clock.run() }
        noteRunaway()
        noteTasksOutsideTheHarness()
        // Work still waiting (a timer, a late callback, a user about to answer) means the app's
        // flows are not over: the rules about what an app never does are not decided on it.
        let waiting = clock.pendingWork.count
        let due = clock.pendingWork.count { $0.due != nil }
        let call = Step.Call(step: "finish", site: site)
        trace.record(.runFinish, (waiting > 0 ? [EventField(.pendingWork, waiting)] : []) + (due > 0 ? [EventField(.pendingDue, due)] : []))
        state.withLock {
            $0.finished = true
            if site.isKnown { $0.stepCalls[index] = call }
        }
        let leftovers = self.leftovers
        try check(call)
        // The probe comes only when nothing is due: a withheld callback or an unanswered prompt never
        // comes by itself (and a prompt up keeps the app inactive, which the probe also waits out).
        if due == 0 && probePrivacyOptions() { try check(call) }
        return leftovers
    }

    /// Whether ``finish(fileID:filePath:line:column:)`` taps the app's privacy-options entry point itself when the
    /// consent SDK requires one and nothing tapped it in this process (the default): an app with no
    /// entry point at all is found without a test that taps a button the app does not have. The probe
    /// comes after the run's end (`run.finish`, where the other end-of-run rules are decided), only
    /// when nothing is due and nothing covers the app; it is recorded
    /// `step step=openPrivacyOptions detail=probe`, fires no fault, dismisses any form it brings up,
    /// and ends with `run.probeEnd` once what it set off has run (at most a minute of virtual time).
    public var probesPrivacyOptions: Bool {
        get { state.withLock { $0.probesPrivacyOptions } }
        set { state.withLock { $0.probesPrivacyOptions = newValue } }
    }

    /// Where the probe of ``probesPrivacyOptions`` began in the trace, if it ran: what the run's own
    /// steps did lies before it.
    package var probeStart: Int? { state.withLock { $0.probeStart } }

    /// Where each probe of a run's ends lies in the trace, from its tap to its `run.probeEnd`: what
    /// the harness did, not the run's own steps, however many times the run was finished.
    package var probeRanges: [Range<Int>] { state.withLock { $0.probeRanges } }

    /// Taps the privacy-options entry point as the user could, if the consent SDK requires one, the
    /// app is active with nothing over it (no form, no full-screen ad, no system prompt), and nothing
    /// tapped it in this process; returns whether it did.
    private func probePrivacyOptions() -> Bool {
        // With no glue there is no app to have an entry point: raw SDK steps pin the SDK.
        guard probesPrivacyOptions, glueFactory.name != GlueFactory.noGlue.name, let process = state.withLock({ $0.running }), process.isRunning,
            process.standIns.legacyConsentInformation == nil, process.standIns.consentInformation.privacyOptionsRequirement == .required,
            !process.standIns.consentForms.isFormOnScreen, !process.standIns.adSDK.isFullScreenAdOnScreen, world.device.appState == .active,
            !state.withLock({ $0.privacyOptionsTapped })
        else { return false }
        let start = trace.events.count
        state.withLock {
            $0.probeStart = start
            $0.privacyOptionsTapped = true
        }
        trace.record(.step, [EventField(.step, Step.Kind.openPrivacyOptions), EventField(.detail, "probe")])
        // Nothing was waiting: what runs now is what the tap set off.
        process.standIns.process.faults.paused {
            process.standIns.consentForms.probing {
                inOrder {
                    clock.drive { process.glue.openPrivacyOptions() }
                    _ = clock.runUntilIdle(limit: Self.probeBound)
                }
            }
        }
        trace.record(.probeEnd)
        let end = trace.events.count
        state.withLock { $0.probeRanges.append(start..<end) }
        return true
    }

    /// How much virtual time the probe's tap may take to present the privacy-options form (an entry
    /// point that first updates consent, within the app's own timeouts).
    static let probeBound = Duration.seconds(60)

    /// Runs the steps of `body`, then ``SimulatedApp/finish(fileID:filePath:line:column:)``, so the rules that wait for the end of the run
    /// cannot be forgotten; returns what was left over.
    ///
    /// ```swift
    /// let leftovers = try SimulatedApp(glue: MyGlue.init).finishing { app in
    ///     try app.launch()
    ///     try app.onboarding()
    /// }
    /// ```
    @discardableResult
    public func finishing(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column, _ body: (SimulatedApp) throws -> Void
    ) throws -> Leftovers {
        try body(self)
        return try finish(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The last step a test or a scenario called, with where.
    package var lastStepCall: Step.Call? { state.withLock { $0.stepCalls.max { $0.key < $1.key }?.value } }

    /// The finding with the step that caused it, else the step in progress at its event, and where
    /// that step was called: what a step that throws it names, and what a run that goes on past its
    /// findings (a scenario's) reports, so its report names the fixture's line.
    package func locating(_ violation: Finding) -> Finding {
        guard violation.step == nil else { return violation }
        var located = violation
        located.step = state.withLock { state in
            if let cause = violation.causeIndex, let call = state.stepCalls[cause] { return call }
            return state.stepCalls.filter { $0.key < violation.traceLength }.max { $0.key < $1.key }?.value
        }
        return located
    }

    /// Takes the run as ended without its end-of-run rules: the explorer drops a path it cannot take,
    /// and a scenario run that stopped at a failure ends there (its verdict is that failure).
    package func abandon() { state.withLock { $0.finished = true } }

    /// What is unfinished now: work waiting on the clock, and faults that fired fewer times than allowed.
    public var leftovers: Leftovers {
        Leftovers(pendingWork: clock.pendingWork, unfiredFaults: faults.unfired, suspendedTasks: suspendedTasks)
    }

    /// The running process's async tasks still suspended.
    private var suspendedTasks: [String] {
        guard #available(macOS 15.0, iOS 18.0, *), isRunning else { return [] }
        return clock.tasks.suspendedTasks
    }

    /// A task of the glue that nothing the harness drives can resume, named as a scenario issue
    /// rather than left to wake on the wall clock in a different order every run. A glue with
    /// controls of its own may be waiting for a tap the test never made: its tasks are leftovers.
    private func noteTasksOutsideTheHarness() {
        guard #available(macOS 15.0, iOS 18.0, *) else { return }
        let suspended = suspendedTasks
        let nothingCanResume = clock.pendingWork.isEmpty && glueFactory.controls.isEmpty
        guard !suspended.isEmpty, nothingCanResume || clock.tasks.wasResumedFromOutside else { return }
        let names = suspended.map { "'\($0)'" }.joined(separator: ", ")
        trace.record(
            .harnessIssue,
            [
                EventField(
                    "issue",
                    "the glue's task \(names) is still suspended and nothing the harness drives can "
                        + "resume it: it waits on the wall clock (Task.sleep; sleep on ports.clock instead), on a queue or thread of its own, "
                        + "or on a continuation it never resumes")
            ])
    }
}
