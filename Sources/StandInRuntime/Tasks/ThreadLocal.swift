#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value kept per thread, set for the length of a body and restored after it.
struct ThreadLocal: Sendable {
    private let key: pthread_key_t

    /// A new slot, empty on every thread.
    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The calling thread's value.
    var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

    /// Whether the calling thread's value is set (the slot used as a flag).
    var isSet: Bool { value != nil }

    /// Runs the body with the calling thread's value set to `value`, then restores the one before.
    func with<Result>(_ value: UnsafeMutableRawPointer?, _ body: () throws -> Result) rethrows -> Result {
        let previous = self.value
        pthread_setspecific(key, value)
        defer { pthread_setspecific(key, previous) }
        return try body()
    }

    /// Runs the body with the flag set or cleared on the calling thread, then restores it.
    func with<Result>(flag: Bool, _ body: () throws -> Result) rethrows -> Result {
        try with(flag ? UnsafeMutableRawPointer(bitPattern: 1) : nil, body)
    }
}

/// Which app's tasks the calling thread drives. A thread the harness hands work to (a background
/// callback, a main-queue callback) drives the same app while the work runs.
enum DrivenThread {
    /// The slot: the executor driven, unretained (it outlives every drive).
    static let local = ThreadLocal()

    /// The executor driven by the calling thread.
    static var current: UnsafeMutableRawPointer? { local.value }

    /// Runs the work as a thread driving `context` (what ``current`` was on the thread that handed
    /// the work over).
    static func carrying(_ context: UnsafeMutableRawPointer?, _ work: () -> Void) {
        local.with(context, work)
    }
}
