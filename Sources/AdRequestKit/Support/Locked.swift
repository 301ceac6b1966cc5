import Foundation

/// A value guarded by a lock, for state that callbacks on any thread touch.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps the initial value.
    package init(_ value: Value) { self.value = value }

    /// Runs the body with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    package var snapshot: Value { withLock { $0 } }
}
