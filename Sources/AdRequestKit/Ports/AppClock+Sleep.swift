extension AppClock {
    /// Suspends the calling task until `duration` has passed on this clock: the app's
    /// `try await Task.sleep(for:)`, on the harness's virtual time.
    ///
    /// Throws `CancellationError` when the task is cancelled first, as `Task.sleep` does.
    public func sleep(for duration: Duration, label: String = "sleep") async throws {
        try await asClock.sleep(until: asClock.now.advanced(by: duration), label: label)
    }

    /// This clock as a Swift `Clock`, for code that takes `some Clock<Duration>`.
    public var asClock: SchedulingClock { SchedulingClock(self) }
}

/// A Swift `Clock` that tells time and sleeps through an ``AppClock``: in the harness, virtual time
/// the test advances; in the app, the adapter's real clock.
public struct SchedulingClock: Clock, Sendable {
    /// A point on the app clock: the time elapsed since its origin.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock's origin.
        public var offset: Duration

        /// Creates the instant `offset` after the origin.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether this instant comes first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// The app clock it reads and schedules on.
    public let base: any AppClock

    /// Wraps an app clock.
    public init(_ base: any AppClock) { self.base = base }

    /// The app clock's time.
    public var now: Instant { Instant(offset: base.now) }

    /// The clock's resolution: any duration can be scheduled.
    public var minimumResolution: Duration { .zero }

    /// Suspends until the deadline, through the app clock's timer.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleep(until: deadline, label: "sleep")
    }

    /// Suspends until the deadline; `label` names the timer in reports of pending work.
    public func sleep(until deadline: Instant, label: String) async throws {
        try Task.checkCancellation()
        let sleep = Sleep()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let timer = base.schedule(after: max(deadline.offset - base.now, .zero), label: label) { sleep.end(nil) }
                sleep.begin(continuation, timer: timer)
            }
        } onCancel: {
            sleep.end(CancellationError())
        }
    }

    /// One sleep: resumed once, by its timer or by cancellation, whichever comes first.
    private final class Sleep: Sendable {
        private let state = Locked(State.waiting)

        private enum State {
            case waiting
            case sleeping(CheckedContinuation<Void, any Error>, any ScheduledWork)
            case ended(CancellationError?)
        }

        func begin(_ continuation: CheckedContinuation<Void, any Error>, timer: any ScheduledWork) {
            let cancelledFirst: CancellationError?? = state.withLock { state in
                if case .ended(let error) = state { return .some(error) }
                state = .sleeping(continuation, timer)
                return .none
            }
            guard case .some(let error) = cancelledFirst else { return }
            timer.cancel()
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }

        func end(_ error: CancellationError?) {
            let sleeping: (CheckedContinuation<Void, any Error>, any ScheduledWork)? = state.withLock { state in
                switch state {
                case .waiting:
                    state = .ended(error)
                    return nil
                case .sleeping(let continuation, let timer):
                    state = .ended(error)
                    return (continuation, timer)
                case .ended:
                    return nil
                }
            }
            guard let (continuation, timer) = sleeping else { return }
            if let error {
                timer.cancel()
                continuation.resume(throwing: error)
            } else {
                continuation.resume()
            }
        }
    }
}
