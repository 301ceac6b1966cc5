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
///
/// The allocation's class is not generic: every other module calls these members unspecialized,
/// and an unspecialized `init` of a class generic over the value would look that class up in the
/// runtime's metadata cache on every lock made (about 500 instructions, some 30 locks a run).
package struct Locked<Value>: @unchecked Sendable {
    private let storage: LockStorage

    /// Wraps the initial value.
    package init(_ value: Value) {
        storage = unsafeDowncast(
            LockStorage.create(minimumCapacity: LockStorage.capacity(for: Value.self)) { _ in LockStorage.Header(valueType: Value.self) },
            to: LockStorage.self)
        let mutex = storage.mutex
        pthread_mutex_init(mutex, nil)
        lockedValue(Value.self, after: mutex).initialize(to: value)
    }

    /// Runs the body with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        // The storage outlives the call: this lock holds it.
        let mutex = storage.mutex
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&lockedValue(Value.self, after: mutex).pointee)
    }

    /// A copy of the current value.
    package var snapshot: Value { withLock { $0 } }
}

/// A lock's one allocation: the mutex as the buffer's first element, the value in the elements
/// after it (aligned for its type), and the value's type in the header, to destroy it with.
private final class LockStorage: ManagedBuffer<LockStorage.Header, pthread_mutex_t> {
    /// The type of the value the elements after the mutex hold.
    struct Header {
        let valueType: Any.Type
    }

    deinit {
        withUnsafeMutablePointers { header, mutex in
            destroyLockedValue(header.pointee.valueType, after: mutex)
            pthread_mutex_destroy(mutex)
        }
    }

    /// The mutex, the buffer's first element: a class's storage stays where it is while it lives.
    var mutex: UnsafeMutablePointer<pthread_mutex_t> { withUnsafeMutablePointerToElements { $0 } }

    /// The number of elements that hold the mutex, then a value of the type however it is aligned.
    static func capacity<Value>(for _: Value.Type) -> Int {
        let element = MemoryLayout<pthread_mutex_t>.stride
        return 1 + (MemoryLayout<Value>.size + MemoryLayout<Value>.alignment - 1 + element - 1) / element
    }
}

/// Where a lock's value is: the first address after the mutex aligned for its type. A function of
/// the file, not of the storage class: a static method would look the class's metadata up first.
private func lockedValue<Value>(_: Value.Type, after mutex: UnsafeMutablePointer<pthread_mutex_t>) -> UnsafeMutablePointer<Value> {
    UnsafeMutableRawPointer(mutex + 1).alignedUp(for: Value.self).assumingMemoryBound(to: Value.self)
}

/// Destroys a lock's value, of the type its storage's header names.
private func destroyLockedValue<Value>(_ type: Value.Type, after mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    _ = lockedValue(type, after: mutex).deinitialize(count: 1)
}
