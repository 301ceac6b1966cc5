import AdRequestKit

/// Delivers a stand-in's callback as the real system would, bent by the faults that fire on the call.
///
/// One mechanism for every stand-in: an immediate callback runs on the caller's thread before the
/// call returns; a later one is scheduled on the clock (on the clock's thread or a background thread);
/// `never` leaves it pending for the whole run (once the run is over, it is delivered unobserved, so
/// that a continuation of the app's around the call is resumed: `VirtualClock.playOut(within:)`);
/// `twice` delivers it again, recorded as `callback.duplicate` (one of the ports' async forms takes
/// the first and drops the second, as the SDK's own async form does, and so does a continuation of
/// the app's own around the call; in the play-out, once the run is over, no fault fires and it comes once);
/// `otherThread` and `mainThread` move it to that thread, at least one clock turn later.
package struct CallbackDelivery: Sendable {
    /// The clock of the app process the callback belongs to.
    package let clock: ClockScope
    /// Where duplicates and withheld callbacks are recorded.
    package let trace: Trace

    /// Creates a delivery for one process.
    package init(clock: ClockScope, trace: Trace) {
        self.clock = clock
        self.trace = trace
    }

    /// When and where a callback normally arrives.
    package enum Timing: Hashable, Sendable {
        /// At once, on the caller's thread, before the call returns.
        case immediate
        /// Later, on the thread that runs the clock.
        case later(Duration)
        /// Later, on another thread.
        case laterOnBackgroundThread(Duration)
        /// Now, on another thread, waited for; only from work the clock runs (no app lock is held there).
        case nowOnBackgroundThread
    }

    /// Delivers `callback` with its normal timing, bent by `effects`.
    package func deliver(
        _ label: String,
        timing: Timing,
        effects: [FaultEffect] = [],
        _ callback: @escaping @Sendable () -> Void
    ) {
        if effects.contains(.never) {
            trace.record(.callbackWithheld, [EventField("callback", label)])
            clock.scheduleNever(label: "\(label) (withheld by a fault)", kind: .withheldCallback, playOut: callback)
            return
        }
        let trace = trace
        let twice = effects.contains(.twice)
        // A duplicate completion goes where the real SDK would send it, except into the app's async
        // code, in every process alike. One of the ports' async forms (the SDK's own) resumes its
        // caller with the first completion and drops the rest: the SDK's broken contract is recorded,
        // and the app's run goes on, since the app cannot guard the SDK's own continuation. A
        // completion the app's async code wraps in a continuation of its own, as the docs allow, gets
        // the first only too: a second resume would trap, under an SDK misbehaviour no public source
        // shows, and only in a worker process (a test process could not survive it), so the verdict
        // would depend on where the run ran; so does any other call the async code makes. The app's
        // callback code gets the duplicate, and a trap there is `noCrashOnDuplicateCallback`.
        // A call made inside such a completion is the async code's too (a form loaded once the update
        // is done, inside the continuation's body).
        let resumesAContinuation = AwaitedCall.resumesAContinuation
        let portForm = AwaitedCall.resumesAPortForm
        let clock = clock
        let body: @Sendable () -> Void = {
            AwaitedCall.fromAsyncCode(resumesAContinuation, callback)
            // Once the run is over no fault fires: the play-out only delivers what the app awaits.
            if twice && !clock.isPlayingOut {
                let heldDetail: String? =
                    portForm
                    ? "the SDK's async form resumes its caller once"
                    : resumesAContinuation ? "the app's own continuation resumes once: no public source shows the SDK calling twice" : nil
                let held = heldDetail.map { [EventField("delivered", "false"), EventField(.detail, $0)] } ?? []
                trace.record(.callbackDuplicate, [EventField("callback", label)] + held)
                if heldDetail == nil { callback() }
            }
        }
        let onMain = effects.contains(.mainThread)
        if timing == .nowOnBackgroundThread && !effects.contains(.otherThread) && !onMain && effects.extraDelay == .zero {
            BackgroundThread.runAndWait(body)
            return
        }
        let (normalDelay, normallyBackground): (Duration?, Bool) =
            switch timing {
            case .immediate: (nil, false)
            case .nowOnBackgroundThread: (.zero, true)
            case .later(let delay): (delay, false)
            case .laterOnBackgroundThread(let delay): (delay, true)
            }
        let background = !onMain && (normallyBackground || effects.contains(.otherThread))
        let extra = effects.extraDelay
        let delay = extra > .zero || background || onMain ? (normalDelay ?? .zero) + extra : normalDelay
        guard let delay else {
            // An immediate callback runs inside the caller's frame: a glue that calls the port again
            // from it recurses, and past the budget the harness stops it rather than overflow the stack.
            if !CallbackNesting.run(limit: clock.budget.nestedCallbacks, body) {
                clock.halt(.nestedCallbacks, repeating: Array(repeating: label, count: clock.budget.nestedCallbacks))
            }
            return
        }
        clock.schedule(after: delay, label: label, kind: .callback) {
            if onMain {
                MainQueue.runAndWait(body)
            } else if background {
                BackgroundThread.runAndWait(body)
            } else {
                body()
            }
        }
    }
}
