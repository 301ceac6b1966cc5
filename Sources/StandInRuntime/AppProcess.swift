import AdRequestKit
import AppInfoPlist

/// One run of the app's process on the simulated device: its clock scope, faults and trace.
///
/// When the process ends (relaunch, reinstall, crash), its timers and undelivered callbacks are
/// cancelled with it, as they would be on a real device.
package final class AppProcess: Sendable {
    /// Counts processes on the device: 1 for the first launch.
    package let number: Int
    /// The process's view of virtual time.
    package let clock: ClockScope
    /// The run's trace.
    package let trace: Trace
    /// The run's faults (shared by every process of the run, so `times` counts across relaunches).
    package let faults: FaultPlan
    private let crashReason = Locked<CrashReason?>(nil)

    /// Starts a process.
    package init(number: Int, clock: VirtualClock, trace: Trace, faults: FaultPlan) {
        self.number = number
        self.clock = clock.makeScope(name: "process \(number)")
        self.trace = trace
        self.faults = faults
    }

    /// How the process's callbacks are delivered.
    package var delivery: CallbackDelivery { CallbackDelivery(clock: clock, trace: trace) }

    /// Why the process crashed, if it did.
    package var crash: CrashReason? { crashReason.snapshot }

    /// Whether the process is still running.
    package var isRunning: Bool { crash == nil }

    /// Whether the stand-ins answer the app's calls: while the process runs, and once the run is over
    /// and the app plays out what it had left to do (a crashed process's tasks too, so that they end
    /// rather than wait for ever on a completion nothing will call).
    package var answersCalls: Bool { isRunning || clock.isPlayingOut }

    /// The real app would crash here: records `app.crash` and ends the process (no trap in the test).
    /// `call` names the call that crashed it, when one did.
    package func crash(_ reason: CrashReason, call: String? = nil) {
        let first = crashReason.withLock { current -> Bool in
            guard current == nil else { return false }
            current = reason
            return true
        }
        guard first else { return }
        trace.record(
            .appCrash, [EventField(.crashReason, reason), EventField(.detail, reason.description)] + (call.map { [EventField("call", $0)] } ?? [])
        )
        clock.end()
    }

    /// The real app would crash in a call: records the crash as ``crash(_:call:)`` does, and keeps
    /// the call's completion for the end of the run. A crashed process calls nothing back, but once
    /// the run is over the app plays out what it had left to do, and `completion` (the call's
    /// completion with a value the system gives it elsewhere) lets an `await` on the call end.
    package func crash(_ reason: CrashReason, in label: String, completion: @escaping @Sendable () -> Void) {
        clock.scheduleNever(label: "\(label) (the app crashed in the call)", kind: .withheldCallback, playOut: completion)
        crash(reason)
    }

    /// Awaits a completion form that reports only an error, and throws it, as the real async form does
    /// (``awaitCompletion(of:_:)``).
    package func awaitSuccess<Failure: Error & Sendable>(
        of call: String, _ start: (@escaping @Sendable (Failure?) -> Void) -> Void
    ) async throws(Failure) {
        let failure: Failure? = await awaitCompletion(of: call, start)
        if let failure { throw failure }
    }

    /// Awaits a call's completion form as the real async form does, on the harness's clock: the
    /// first delivery resumes the caller and runs it to its next wait, as a completion would run.
    /// A second one is the SDK's fault, not the app's: `CallbackDelivery` records it and does not
    /// deliver it here, and were one to come it would be ignored, so the app's run goes on.
    package func awaitCompletion<Value: Sendable>(
        of call: String, _ start: (@escaping @Sendable (Value) -> Void) -> Void
    ) async -> Value {
        await withUnsafeContinuation { continuation in
            let resumed = Locked(false)
            AwaitedCall.guarding {
                start { value in
                    let first = resumed.withLock { resumed in
                        defer { resumed = true }
                        return !resumed
                    }
                    guard first else { return }
                    // The code after the `await` is the app's again: a call it makes is no part of this form.
                    AwaitedCall.unguarded {
                        continuation.resume(returning: value)
                        // It runs inside the delivery, as a completion's body does.
                        if #available(macOS 15.0, iOS 18.0, *) { self.clock.tasks?.runUntilIdle() }
                    }
                }
            }
        }
    }

    /// A mistake in the scenario itself, such as a prompt shown with no scripted answer.
    package func reportScenarioIssue(_ text: String) {
        trace.record(.harnessIssue, [EventField(.scenarioIssue, text)])
    }

    /// The scripted user answers something on screen after a delay.
    @discardableResult
    package func scheduleUserAnswer(after delay: Duration, label: String, _ answer: @escaping @Sendable () -> Void) -> any ScheduledWork {
        clock.schedule(after: delay, label: label, kind: .userAnswer, answer)
    }

    /// Something is on screen that the user script does not answer: a scenario issue naming what is
    /// missing, and a prompt left pending for ever (so the leftover report lists it too).
    ///
    /// `scriptKey` names the user-script entry that would answer it, when one would.
    package func leaveUnanswered(_ what: String, scriptKey: UserScriptKey? = nil, because issue: String) {
        leaveUnanswered(what, scriptKey: scriptKey, because: issue) {}
    }

    /// Leaves something on screen unanswered, as ``leaveUnanswered(_:scriptKey:because:)`` does;
    /// `takeAway` is what happens to it if the app lives on once the run is over (the system takes
    /// the prompt away, the form is dismissed), so that the completion waiting for it is called.
    package func leaveUnanswered(
        _ what: String, scriptKey: UserScriptKey? = nil, because issue: String, takeAway: @escaping @Sendable () -> Void
    ) {
        trace.record(.harnessIssue, [EventField(.scenarioIssue, issue)] + (scriptKey.map { [EventField(.missingAnswer, $0)] } ?? []))
        clock.scheduleNever(label: "\(what) waiting for an answer the user script does not give", kind: .unansweredPrompt, playOut: takeAway)
    }
}
