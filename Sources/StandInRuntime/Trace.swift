import AdRequestKit
import Foundation

/// The ordered record of everything observable in a harness run: the harness's main artifact.
///
/// Stand-ins record OS and SDK calls, the app-side logic records its decisions through
/// `AdsEventLog`, and observers (the rule checker) see each event as it is recorded.
public final class Trace: AdsEventLog, Sendable {
    private let now: @Sendable () -> Duration
    private let state = Locked(State())
    /// Held while observers are told, so they hear of events one at a time, in trace order, even
    /// when two threads record at once. Recursive: an observer may record in turn.
    private let delivery = NSRecursiveLock()

    private struct State {
        var events: [TraceEvent] = []
        var delivered = 0
        var observers: [@Sendable (TraceEvent, Int) -> Void] = []
        var closed = false
        /// Told when a stand-in records from a thread that drives no app (``watchForOutsideCalls(_:)``).
        var outside: (@Sendable (TraceName, _ afterTheRun: Bool) -> Void)?
    }

    /// Creates an empty trace stamped with the clock's time.
    ///
    /// The clock is held weakly: pending work on the clock holds the trace (through the logs it
    /// writes to), and a strong reference back would keep the run alive after it is over.
    package init(clock: VirtualClock) {
        let held = WeakClock(clock)
        now = { held.clock?.now ?? .zero }
    }

    /// Creates an empty trace stamped by any source of time.
    package init(now: @escaping @Sendable () -> Duration) { self.now = now }

    /// Records an event, then tells the observers of every event not yet told, in order; once the
    /// trace is closed, records nothing (a watcher of outside calls still hears of one).
    package func record(_ name: TraceName, _ fields: [EventField] = []) {
        let event = TraceEvent(time: now(), name: name, fields: fields)
        let open = state.withLock { state in
            if !state.closed { state.events.append(event) }
            return !state.closed
        }
        // A stand-in heard the app from a thread no app is driven on: the app's own queue or thread,
        // or the main queue. One read of a thread-local on the common path.
        if name.recordedBy == .standIn && DrivenThread.current == nil, let outside = state.withLock({ $0.outside }) { outside(name, !open) }
        guard open else { return }
        delivery.lock()
        defer { delivery.unlock() }
        while let (next, index, observers) = state.withLock({ state -> (TraceEvent, Int, [@Sendable (TraceEvent, Int) -> Void])? in
            guard state.delivered < state.events.count else { return nil }
            defer { state.delivered += 1 }
            return (state.events[state.delivered], state.delivered, state.observers)
        }) {
            for observer in observers { observer(next, index) }
        }
    }

    /// Records an event from the app-side logic: the stand-in's side of the glue's log port. A glue
    /// logs through `ports.log` and a test reads the trace, so only an `@_spi(StandIns) import`
    /// reaches it here.
    @_spi(StandIns)
    public func record(_ event: AdsEvent) { record(TraceName(adsEvent: event), event.fields) }

    /// Calls the observer with every event recorded from now on and its index in the trace, one
    /// event at a time and in trace order, on a recording thread.
    package func observe(_ observer: @escaping @Sendable (TraceEvent, Int) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Calls the observer with every event recorded so far, then with every later one, as
    /// ``observe(_:)`` does: a checker made after the device was set up still hears how it was.
    package func observeFromStart(_ observer: @escaping @Sendable (TraceEvent, Int) -> Void) {
        delivery.lock()
        defer { delivery.unlock() }
        let told = state.withLock { state -> [TraceEvent] in
            state.observers.append(observer)
            return Array(state.events[..<state.delivered])
        }
        for (index, event) in told.enumerated() { observer(event, index) }
    }

    /// Tells `body` of each event a stand-in records on a thread that drives no app: the app called
    /// a port from a dispatch queue or thread of its own, or from the main queue, whose work runs
    /// beside the run and not in its order. Told before the event's observers; told too, with
    /// `afterTheRun`, of such an event once the trace is closed (it is not recorded then).
    package func watchForOutsideCalls(_ body: @escaping @Sendable (TraceName, _ afterTheRun: Bool) -> Void) {
        state.withLock { $0.outside = body }
    }

    /// Closes the trace when the run is over: it records nothing more and its observers (the rules)
    /// hear of nothing more, while the app plays out what it has left to do.
    package func close() { state.withLock { $0.closed = true } }

    /// Every event so far, in order.
    public var events: [TraceEvent] { state.withLock { $0.events } }

    /// How many events were recorded so far: a step that records events makes progress.
    package var count: Int { state.withLock { $0.events.count } }

    /// The names of every event so far, in order.
    package var names: [TraceName] { events.map(\.name) }

    /// The events with a name.
    public func events(named name: TraceName) -> [TraceEvent] { events.filter { $0.name == name } }

    /// How many events have a name.
    public func count(of name: TraceName) -> Int { events(named: name).count }

    /// Whether the names occur in this order (not necessarily adjacent).
    public func contains(inOrder expected: [TraceName]) -> Bool {
        var remaining = expected[...]
        for name in names where name == remaining.first { remaining.removeFirst() }
        return remaining.isEmpty
    }

    /// One event a line.
    package var text: String { events.map(\.description).joined(separator: "\n") }
}

/// A clock held weakly in a constant: a `[weak clock]` capture is a variable, and reading it (on
/// every event recorded) costs a runtime check for exclusive access.
private final class WeakClock: Sendable {
    weak let clock: VirtualClock?

    init(_ clock: VirtualClock) { self.clock = clock }
}
