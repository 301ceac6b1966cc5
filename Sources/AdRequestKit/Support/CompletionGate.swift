/// Lets the first of an outside callback or its timeout through, exactly once.
///
/// SDK callbacks can come twice, late, never, or on any thread. The gate delivers the first arrival,
/// reports every later one as ignored, and delivers a fallback value when the timeout fires first.
package final class CompletionGate<Value: Sendable>: Sendable {
    /// The step it guards.
    package let stage: FlowStage
    private let log: any AdsEventLog
    private let deliver: @Sendable (Value) -> Void
    private let state = Locked(State())

    private struct State {
        var delivered = false
        var timer: (any ScheduledWork)?
    }

    /// Creates a gate that times out after `timeout` on `clock`, delivering `fallback()`.
    package init(
        stage: FlowStage,
        timeout: Duration?,
        clock: any AppClock,
        log: any AdsEventLog,
        fallback: @escaping @Sendable () -> Value,
        deliver: @escaping @Sendable (Value) -> Void
    ) {
        self.stage = stage
        self.log = log
        self.deliver = deliver
        guard let timeout else { return }
        let timer = clock.schedule(after: timeout, label: "\(stage.rawValue) timeout") { [self] in
            guard self.claim(cancelTimer: false) else { return }
            log.record(.timedOut(stage))
            deliver(fallback())
        }
        state.withLock { $0.timer = timer }
    }

    /// Passes the callback's value on, unless something already went through.
    package func complete(_ value: Value) {
        guard claim(cancelTimer: true) else {
            log.record(.duplicateCallbackIgnored(stage))
            return
        }
        deliver(value)
    }

    /// Whether something already went through (or the gate was closed).
    package var isSettled: Bool { state.withLock { $0.delivered } }

    /// Closes the gate without delivering: a later callback is reported as ignored.
    package func close() {
        _ = claim(cancelTimer: true)
    }

    /// Marks the gate delivered; false if it already was.
    private func claim(cancelTimer: Bool) -> Bool {
        let (first, timer): (Bool, (any ScheduledWork)?) = state.withLock { state in
            guard !state.delivered else { return (false, nil) }
            state.delivered = true
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
        deliver: @escaping @Sendable (AdsFlowError?) -> Void
    ) {
        self.init(stage: stage, timeout: timeout, clock: clock, log: log, fallback: { AdsFlowError(stage: stage, cause: .noResponse) }, deliver: deliver)
    }

    /// Passes an SDK's optional error on, as an error of this gate's stage.
    package func complete(cause: AdsFlowError.Cause?) {
        complete(cause.map { AdsFlowError(stage: stage, cause: $0) })
    }
}
