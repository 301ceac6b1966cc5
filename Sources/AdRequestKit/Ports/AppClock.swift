/// The app's source of time and timers, so that tests can run it on virtual time.
public protocol AppClock: Sendable {
    /// Time elapsed since the clock's origin.
    var now: Duration { get }

    /// Runs the work once the delay has passed; the label names it in reports of pending work.
    @discardableResult
    func schedule(after delay: Duration, label: String, _ work: @escaping @Sendable () -> Void) -> any ScheduledWork
}

/// Work scheduled on an ``AppClock``.
public protocol ScheduledWork: Sendable {
    /// Cancels the work if it has not run yet.
    func cancel()
}
