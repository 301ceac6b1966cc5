#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a process that runs the app's steps in itself (a team's `swift test`, a tool run with
/// `--in-process`) prints when the app's code traps in a step: the glue, the step and the line that
/// called it, before the runtime's own report (its message and backtrace, which name the glue's
/// frame) and the end of the process. A trap cannot be survived in process; the note says where it
/// happened and how to make it a finding instead (a worker process of the team's tool).
///
/// The note is written from the signal handler with `write(2)` alone: it is made when the step
/// begins, kept in a buffer of its own, and emptied when the step ends. The handler then puts the
/// signal's previous handler back (the runtime's backtracer, or the default) and returns, so the
/// trap happens again and is reported as it would have been. Off in a worker process, whose
/// supervisor reads the trap from standard error itself.
package enum TrapNotice {
    /// The signals a trap or a crash raises.
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    private static let capacity = 2_048
    /// The note for the step in progress, and its length (0 outside a step). Written by the thread
    /// driving the step, read only by the signal handler.
    nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var length = 0
    /// The handlers the signals had before, indexed by signal number.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
        actions.initialize(repeating: sigaction(), count: 32)
        return actions
    }()
    private static let state = Locked(State())

    private struct State {
        var installed = false
        var enabled = true
    }

    /// Stops the notes for good: a worker process's supervisor names the trap itself.
    package static func disable() {
        state.withLock { $0.enabled = false }
    }

    /// Notes that a step begins (`text` is what to print if it traps), or that it ended (`nil`).
    static func note(_ text: String?) {
        guard
            state.withLock({ state -> Bool in
                guard state.enabled else { return false }
                if !state.installed, text != nil {
                    install()
                    state.installed = true
                }
                return state.installed
            })
        else { return }
        guard let text else {
            length = 0
            return
        }
        length = 0
        let bytes = Array(text.utf8.prefix(capacity))
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        length = bytes.count
    }

    private static func install() {
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handle
            #else
                action.__sigaction_u.__sa_handler = handle
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    /// The signal handler: the note, then the previous handler back, and the trap again.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        if TrapNotice.length > 0 { _ = write(STDERR_FILENO, TrapNotice.buffer, TrapNotice.length) }
        sigaction(signal, TrapNotice.previous + Int(signal), nil)
    }
}
