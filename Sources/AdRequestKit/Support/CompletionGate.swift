/// Lets the first of an outside callback or its timeout through, exactly once.
///
/// SDK callbacks can come twice, late, never, or on any thread. The gate delivers the first arrival,
/// and delivers a fallback value when the timeout fires first. A callback that comes after the
/// timeout is news (the SDK's answer changed since the fallback): it goes to `late`, if given. A
/// callback that comes a second time after a real one is noise, reported as ignored.
package final class CompletionGate<Value: Sendable>: Sendable {
    /// The step it guards.
    package let stage: FlowStage
    private let log: any AdsEventLog
    private let deliver: @Sendable (Value) -> Void
    private let late: (@Sendable (Value) -> Void)?
    private let state = Locked(CompletionGateState())

    /// Creates a gate that times out after `timeout` on `clock`, delivering `fallback()`.
    package init(
        stage: FlowStage,
        timeout: Duration?,
        clock: any AppClock,
        log: any AdsEventLog,
        fallback: @escaping @Sendable () -> Value,
        deliver: @escaping @Sendable (Value) -> Void,
        late: (@Sendable (Value) -> Void)? = nil
    ) {
        self.stage = stage
        self.log = log
        self.deliver = deliver
        self.late = late
        guard let timeout else { return }
        let timer = clock.schedule(after: timeout, label: "\(stage.rawValue) timeout") { [self] in
            guard self.claim(cancelTimer: false, timingOut: true) else { return }
            log.record(.timedOut(stage))
            deliver(fallback())
        }
        state.withLock { $0.timer = timer }
    }

    /// Passes the callback's value on, unless something already went through; after a timeout,
    /// passes it to `late` instead.
    package func complete(_ value: Value) {
        guard claim(cancelTimer: true, timingOut: false) else {
            let isNews = state.withLock { state in
                defer { state.timedOut = false }
                return state.timedOut
            }
            if isNews, let late {
                log.record(.lateCallback(stage))
                late(value)
            } else {
                log.record(.duplicateCallbackIgnored(stage))
            }
            return
        }
        deliver(value)
    }

    /// Whether something already went through (or the gate was closed).
    package var isSettled: Bool { state.withLock { $0.delivered } }

    /// Closes the gate without delivering, because the owner learned the answer another way: a
    /// later callback is reported as ignored.
    package func close() {
        _ = claim(cancelTimer: true, timingOut: false)
    }

    /// Marks the gate delivered, and whether the timeout did it, in one step; false if it already was.
    private func claim(cancelTimer: Bool, timingOut: Bool) -> Bool {
        let (first, timer): (Bool, (any ScheduledWork)?) = state.withLock { state in
            guard !state.delivered else { return (false, nil) }
            state.delivered = true
            state.timedOut = timingOut
            defer { state.timer = nil }
            return (true, state.timer)
        }
        if cancelTimer { timer?.cancel() }
        return first
    }
}

extension CompletionGate where Value == AdsFlowError? {
    /// Creates a gate for a step that ends with an optional error, timing out to `noResponse`.
    package convenience init(
        stage: FlowStage,
        timeout: Duration?,
        clock: any AppClock,
        log: any AdsEventLog,
        deliver: @escaping @Sendable (AdsFlowError?) -> Void,
        late: (@Sendable (AdsFlowError?) -> Void)? = nil
    ) {
        self.init(
            stage: stage, timeout: timeout, clock: clock, log: log,
            fallback: { AdsFlowError(stage: stage, cause: .noResponse) }, deliver: deliver, late: late
        )
    }

    /// Passes an SDK's optional error on, as an error of this gate's stage.
    package func complete(cause: AdsFlowError.Cause?) {
        complete(cause.map { AdsFlowError(stage: stage, cause: $0) })
    }
}

/// Where a gate stands: outside the generic gate, so that its lock's storage is one concrete type
/// the runtime instantiates once, not a type per gate's value looked up on every gate made.
private struct CompletionGateState {
    var delivered = false
    var timedOut = false
    var timer: (any ScheduledWork)?
}
