#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a lock, for state that callbacks on any thread may touch.
///
/// The value and its mutex share one allocation, with no lock object beside them and no
/// exclusivity check on each access: a search takes these locks millions of times.
package struct Locked<Value>: @unchecked Sendable {
    private let storage: Storage

    /// The value, with the mutex as the buffer's one element.
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit { _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) } }
    }

    /// Wraps the initial value.
    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        _ = storage.withUnsafeMutablePointerToElements { pthread_mutex_init($0, nil) }
    }

    /// Runs the body with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// A copy of the current value.
    package var snapshot: Value { withLock { $0 } }
}
