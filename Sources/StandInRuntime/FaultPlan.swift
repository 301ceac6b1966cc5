import AdRequestKit

/// The faults of a run, consumed as the calls they target happen.
package final class FaultPlan: Sendable {
    private let remaining: Locked<[(fault: Fault, left: Int?)]>
    private let asked = Locked<[FaultTarget]>([])

    /// Creates a plan; faults fire in the order given.
    package init(_ faults: [Fault] = []) {
        remaining = Locked(faults.map { ($0, $0.times) })
    }

    /// The targets whose calls have happened, in the order of each one's first call, with or
    /// without a fault; the explorer decides a target's faults when it is first called.
    package var consulted: [FaultTarget] { asked.snapshot }

    /// The effects that fire for one call to a target, using up one of each fault's `times`.
    ///
    /// `matching` limits which faults are consulted (and used up), for effects that act at
    /// different moments of the same call.
    package func take(_ target: FaultTarget, matching include: (FaultEffect) -> Bool = { _ in true }) -> [FaultEffect] {
        asked.withLock { asked in
            if !asked.contains(target) { asked.append(target) }
        }
        return remaining.withLock { remaining in
            var effects: [FaultEffect] = []
            for index in remaining.indices where remaining[index].fault.call == target && include(remaining[index].fault.effect) {
                if let left = remaining[index].left {
                    guard left > 0 else { continue }
                    remaining[index].left = left - 1
                }
                effects.append(remaining[index].fault.effect)
            }
            return effects
        }
    }

    /// Ends the faults when the run is over: no call meets one any more, as the app plays out what
    /// it has left to do.
    package func end() { remaining.withLock { $0 = [] } }

    /// Runs `body` with no fault firing and no call counted: the harness's own probe of the app
    /// after the run's end uses up nothing the run's faults were meant for.
    package func paused<Result>(_ body: () -> Result) -> Result {
        let saved = (remaining.withLock { $0 }, asked.withLock { $0 })
        remaining.withLock { $0 = [] }
        defer {
            remaining.withLock { $0 = saved.0 }
            asked.withLock { $0 = saved.1 }
        }
        return body()
    }

    /// How often each fault limited by `times` may still fire, for comparing two runs' states: a
    /// fault with one firing left and one with two make different futures.
    package var firingsLeft: [Fault: Int] {
        remaining.withLock { remaining in
            remaining.reduce(into: [:]) { left, entry in
                if let count = entry.left, count > 0 { left[entry.fault, default: 0] += count }
            }
        }
    }

    /// Faults limited by `times` that have not fired as often as allowed.
    package var unfired: [Fault] {
        remaining.withLock { remaining in
            remaining.compactMap { entry in
                guard let left = entry.left, left > 0 else { return nil }
                return entry.fault
            }
        }
    }
}

extension Array where Element == FaultEffect {
    /// The first error among the effects, if any.
    package var error: FaultError? {
        for case .error(let error) in self { return error }
        return nil
    }

    /// Whether a callback fault is among the effects.
    package func contains(_ fault: CallbackFault) -> Bool {
        contains(.callback(fault))
    }

    /// The total extra delay of the effects.
    package var extraDelay: Duration {
        reduce(.zero) { total, effect in
            if case .delay(let delay) = effect { total + delay } else { total }
        }
    }
}
