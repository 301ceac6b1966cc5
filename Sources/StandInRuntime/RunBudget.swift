import AdRequestKit
import Foundation

/// How much one run may do before the harness stops it as a runaway: a glue that loops without end
/// would otherwise hang the test process or crash it with a stack overflow, losing every other
/// test's result. On a device such a glue spins too, so stopping it is a finding, not a limit.
package struct RunBudget: Hashable, Sendable {
    /// Work items (callbacks, timers, answers) the clock may run at one virtual instant.
    package var workPerInstant: Int
    /// Work items the clock may run in the whole run.
    package var work: Int
    /// Callbacks delivered at once, on the caller's thread, inside one another (a glue that asks
    /// again from inside the completion recurses here).
    package var nestedCallbacks: Int

    /// A budget.
    package init(workPerInstant: Int = 10_000, work: Int = 1_000_000, nestedCallbacks: Int = 64) {
        self.workPerInstant = workPerInstant
        self.work = work
        self.nestedCallbacks = nestedCallbacks
    }

    /// Far above what any real flow needs (a launch runs tens of items, a long scenario thousands),
    /// low enough that a loop ends in well under a second and a shallow stack.
    package static let standard = RunBudget()

    /// What the app may still do once its run is over (`VirtualClock.playOut(within:)`): a flow
    /// ends in tens of items; a glue that loops is let go after a hundredth of a run's budget.
    package static let playOut = RunBudget(workPerInstant: 1_000, work: 10_000)
}

/// Why a run was stopped as a runaway, and which calls kept repeating.
package struct Runaway: Hashable, Sendable, CustomStringConvertible {
    /// Which budget ran out.
    package enum Reason: String, Hashable, Sendable {
        /// Too much work at one virtual instant: a loop through the clock that never lets time pass.
        case workPerInstant
        /// Too much work in the whole run.
        case work
        /// Callbacks delivered inside one another too deep: a loop through immediate callbacks.
        case nestedCallbacks
    }

    /// Which budget ran out.
    package var reason: Reason
    /// The calls that repeated most in the last work before the stop, most first, with counts.
    package var repeating: [String]

    /// `workPerInstant: tracking.request completion ×9000`.
    package var description: String { "\(reason.rawValue): \(repeating.joined(separator: ", "))" }

    /// The labels seen most, most first, as `label ×count`.
    static func repeating(in labels: [String]) -> [String] {
        var counts: [String: Int] = [:]
        for label in labels { counts[label, default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3).map { "\($0.key) ×\($0.value)" }
    }
}

/// How deep immediate callbacks are nested on each thread: a callback that calls back into a port
/// whose answer is immediate runs inside the first one's frame.
enum CallbackNesting {
    /// The calling thread's depth, kept in the slot's pointer bits (no lock shared between threads).
    private static let depth = ThreadLocal()

    private static var current: Int { Int(bitPattern: depth.value) }

    /// Runs `body` one level deeper on this thread; returns false, without running it, when the
    /// level would pass `limit`.
    static func run(limit: Int, _ body: () -> Void) -> Bool {
        let level = current
        guard level < limit else { return false }
        depth.with(UnsafeMutableRawPointer(bitPattern: level + 1), body)
        return true
    }

    /// Runs `body` at depth zero, as a new thread starts: work handed over to another thread.
    static func asNewThread(_ body: () -> Void) {
        depth.with(nil, body)
    }
}
