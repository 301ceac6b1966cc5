import AdRequestKit

/// Collects what an implementation passes to a completion, from any thread.
final class Callbacks<Value: Sendable>: Sendable {
    private let stored = Locked<[Value]>([])

    /// The completion to hand to the implementation.
    var record: @Sendable (Value) -> Void { { [stored] value in stored.withLock { $0.append(value) } } }

    /// Every value received so far, in order.
    var values: [Value] { stored.snapshot }

    /// Calls `start` with the completion and returns what arrived before `start` returned: the
    /// answers given at once, on the caller, with no prompt and no waiting.
    func duringCall(_ start: (@escaping @Sendable (Value) -> Void) -> Void) -> [Value] {
        start(record)
        return values
    }
}
