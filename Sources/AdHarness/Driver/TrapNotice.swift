import AdRequestKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a process that runs the app's steps in itself (a team's `swift test`, a tool run with
/// `--in-process`) says when the app's code traps in a step, blocks in one or ends the process (`exit`, which
/// ends it with status 1, so a test run cannot pass by it): the glue, the step and
/// the line that called it, before the runtime's own report (its message and backtrace, which name the
/// glue's frame) and the end of the process. Neither can be survived in process; the note says where
/// it happened and how to make it a finding instead (a worker process of the team's tool).
///
/// Each thread that drives a step holds a slot: its thread, the note, and when the step began. A
/// trap's signal handler writes the note of its own thread's slot with `write(2)` alone, puts the
/// signal's previous handler back (the runtime's backtracer, or the default) and raises the signal
/// again, so the trap is reported as it would have been; should that handler return, the process
/// ends there. A watchdog thread ends a step that has not
/// returned and shown no progress (no event recorded) within the bound (`ADHARNESS_WATCHDOG` seconds,
/// default 10), as a worker's supervisor measures it: it makes the slot's note
/// say so and sends the step's thread `SIGABRT`, so the report's crashed thread is the one that
/// blocks. Off in a worker process, whose supervisor does both itself.
package enum TrapNotice {
    /// The signals a trap or a crash raises.
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    private static let slotCount = 64
    private static let capacity = 2_048
    /// Per slot: the thread driving a step (0 when free), the note's length, and the note.
    nonisolated(unsafe) private static let threads = UnsafeMutablePointer<pthread_t>.allocate(capacity: slotCount)
    nonisolated(unsafe) private static let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
    nonisolated(unsafe) private static let notes = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * capacity)
    /// The handlers the signals had before, indexed by signal number.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    private static let state = Locked(State())

    private struct State {
        var installed = false
        var enabled = true
        var generations = 0
        /// Each busy slot's step: who, what, where, and when it began.
        var steps: [Int: Step] = [:]
    }

    /// A step in progress, as the watchdog reads it.
    private struct Step {
        /// Which step of the slot's this is: the watchdog signals only the step it found late.
        var generation: Int
        var thread: pthread_t
        var glue: String
        var step: String
        var site: String
        /// When the step began, or last showed progress.
        var began: ContinuousClock.Instant
        /// Counts what the step has done so far (the events its run recorded): a step whose count
        /// moves is working on virtual time, not blocked.
        var progress: @Sendable () -> Int
        /// The count when the watchdog last looked.
        var seen: Int
    }

    /// How long a step may go without returning: `ADHARNESS_WATCHDOG` seconds, else 10, as a worker's;
    /// `nil`, no watchdog, for `ADHARNESS_WATCHDOG=0` and in a process a debugger traces (a test
    /// stopped at a breakpoint is not a glue that blocks).
    static let watchdog: Duration? = {
        if isTraced { return nil }
        let (bound, problem) = Self.watchdog(given: ProcessInfo.processInfo.environment["ADHARNESS_WATCHDOG"])
        // Said once, where the test run's output is read: a value not taken is never dropped silently
        // (`30s` would leave a slow step 10 seconds, and a false hang).
        if let problem { FileHandle.standardError.write(Data("adharness: \(problem)\n".utf8)) }
        return bound
    }()

    /// The watchdog's bound for `ADHARNESS_WATCHDOG` set to `given` (`nil`: not set), and why a value
    /// given was not taken, if it was not: 10 seconds then, as by default.
    package static func watchdog(given: String?) -> (bound: Duration?, problem: String?) {
        let fallback = Duration.seconds(10)
        // Empty is unset, as for ADHARNESS_CALLBACK_THREADS (a CI template that leaves it blank).
        guard let given, !given.trimmingCharacters(in: .whitespaces).isEmpty else { return (fallback, nil) }
        let seconds = Double(given.trimmingCharacters(in: .whitespaces))
        if seconds == 0 { return (nil, nil) }
        // The bounds `--watchdog` takes: under a tenth of a second a busy machine's pause looks like a hang.
        guard let seconds, seconds >= 0.1, seconds <= 3_600, given.allSatisfy({ $0.isNumber || $0 == "." || $0 == " " }) else {
            return (
                fallback,
                "ADHARNESS_WATCHDOG=\(given): expected a number of seconds from 0.1 to 3600, such as 10 or 0.5, or 0 for no watchdog; "
                    + "the watchdog waits 10 seconds"
            )
        }
        return (.milliseconds(Int64((seconds * 1_000).rounded())), nil)
    }

    /// Whether a debugger traces this process.
    private static var isTraced: Bool {
        #if os(Linux)
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let tracer = status.split(separator: "\n").first { $0.hasPrefix("TracerPid:") }?.split(separator: "\t").last
            return tracer.map { $0.trimmingCharacters(in: .whitespaces) != "0" } ?? false
        #else
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
            guard sysctl(&name, 4, &info, &size, nil, 0) == 0 else { return false }
            return info.kp_proc.p_flag & P_TRACED != 0
        #endif
    }

    /// Stops the notes and the watchdog for good: a worker process's supervisor does both itself.
    package static func disable() {
        state.withLock { $0.enabled = false }
    }

    /// Notes that the calling thread begins a step of `glue`, called at `site`; returns its slot for
    /// ``end(_:)``, or `nil` when notes are off or every slot is busy.
    static func begin(glue: String, step: String, site: String, progress: @escaping @Sendable () -> Int) -> Int? {
        let thread = pthread_self()
        // Counted outside the lock: the count takes the trace's.
        let initial = progress()
        let slot = state.withLock { state -> Int? in
            guard state.enabled else { return nil }
            if !state.installed {
                install()
                state.installed = true
            }
            guard let free = (0..<slotCount).first(where: { state.steps[$0] == nil }) else { return nil }
            state.generations += 1
            state.steps[free] = Step(
                generation: state.generations, thread: thread, glue: glue, step: step, site: site, began: .now, progress: progress, seen: initial)
            return free
        }
        guard let slot else { return nil }
        // The watchdog's signal must reach this thread, whatever mask it was started with (a child
        // of a process that blocks it inherits that).
        var abort = sigset_t()
        sigemptyset(&abort)
        sigaddset(&abort, SIGABRT)
        pthread_sigmask(SIG_UNBLOCK, &abort, nil)
        write(["\nadharness: ", glue, " trapped in step ", step, ", called at ", site, trapEnd], into: slot)
        threads[slot] = thread
        return slot
    }

    /// Notes that the step of `slot` ended.
    static func end(_ slot: Int) {
        state.withLock { state in
            threads[slot] = pthread_t()
            lengths[slot] = 0
            state.steps.removeValue(forKey: slot)
        }
    }

    /// What a trap's note says after the place: the same for every step.
    private static let trapEnd =
        ", in this process, which ends with it (the runtime's report follows). In a worker process of your tool the trap is a "
        + "noCrash finding and the run goes on: `my-adharness run FILE`, or ScenarioFile.run(glue:rules:in:) from a test.\n"

    /// Copies the parts' bytes into the slot's note, up to its capacity: every step writes one, so
    /// the parts are copied as they are, not joined into a string first.
    private static func write(_ parts: [String], into slot: Int) {
        lengths[slot] = 0
        let note = UnsafeMutableRawPointer(notes + slot * capacity)
        var length = 0
        for var part in parts {
            part.withUTF8 { bytes in
                let count = min(bytes.count, capacity - length)
                guard count > 0, let start = bytes.baseAddress else { return }
                (note + length).copyMemory(from: start, byteCount: count)
                length += count
            }
        }
        lengths[slot] = length
    }

    private static func install() {
        threads.initialize(repeating: pthread_t(), count: slotCount)
        lengths.initialize(repeating: 0, count: slotCount)
        previous.initialize(repeating: sigaction(), count: 32)
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_sigaction = handle
            #else
                action.__sigaction_u.__sa_sigaction = handle
            #endif
            // The information on who sent the signal, and the alternate stack a thread may have (a
            // stack overflow's report needs it).
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
        if let watchdog { Thread.detachNewThread { watch(watchdog) } }
        atexit { TrapNotice.exitedInAStep() }
    }

    /// A glue that calls `exit` in a step (`exit(0)` after a refusal, say) would end the process
    /// with the status it chose, and a test run that ends with 0 passes: the process ends with 1
    /// instead, after a note that says which glue, step and line.
    private static func exitedInAStep() {
        let busy = state.withLock { state in state.enabled ? state.steps.values.sorted { $0.generation < $1.generation } : [] }
        // The step of the thread that called `exit`, else the oldest (`exit` called from a thread of the glue's own).
        guard let step = busy.first(where: { pthread_equal($0.thread, pthread_self()) != 0 }) ?? busy.first else { return }
        let note =
            "\nadharness: \(step.glue) ended the process (exit) in step \(step.step), called at \(step.site): a run cannot go on past "
            + "it, so this process ends with status 1, whatever status the glue chose. In a worker process of your tool the exit is a "
            + "noCrash finding and the run goes on: `my-adharness run FILE`, or ScenarioFile.run(glue:rules:in:) from a test.\n"
        fflush(nil)
        FileHandle.standardError.write(Data(note.utf8))
        _exit(1)
    }

    /// The signal handler: the note of this thread's step and the previous handler back. A fault of
    /// the thread's own (a trap instruction, a bad access) happens again when the handler returns,
    /// and the previous handler reports it with its own context; a signal sent to the thread (the
    /// watchdog's, `abort()`'s) is raised again here, and the process ends once its report returns.
    private static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { signal, info, _ in
        let me = pthread_self()
        for slot in 0..<TrapNotice.slotCount where pthread_equal(TrapNotice.threads[slot], me) != 0 && TrapNotice.lengths[slot] > 0 {
            #if canImport(Glibc)
                _ = Glibc.write(STDERR_FILENO, TrapNotice.notes + slot * TrapNotice.capacity, TrapNotice.lengths[slot])
            #else
                _ = Darwin.write(STDERR_FILENO, TrapNotice.notes + slot * TrapNotice.capacity, TrapNotice.lengths[slot])
            #endif
        }
        sigaction(signal, TrapNotice.previous + Int(signal), nil)
        // The kernel's own signal for a fault (a positive code): it comes again as the fault repeats.
        if let info, info.pointee.si_code > 0 { return }
        // The previous handler, now: its report of a signal another thread sent returns to the code
        // it interrupted, which would block again; the process ends here instead.
        var this = sigset_t()
        sigemptyset(&this)
        sigaddset(&this, signal)
        pthread_sigmask(SIG_UNBLOCK, &this, nil)
        raise(signal)
        _exit(128 + signal)
    }

    /// Ends a step that has not returned within ``watchdog``: its note says it blocks, and its thread
    /// gets `SIGABRT`.
    private static func watch(_ watchdog: Duration) {
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            // A step that recorded events since the last look makes progress (a long `advance` whose
            // timers run, slower in a debug build): its time starts again, as a worker's does when
            // it reports events. The counts are read outside the lock: they take the trace's.
            let running = state.withLock { state in state.steps.map { (slot: $0.key, generation: $0.value.generation, progress: $0.value.progress) } }
            let counts = running.map { (slot: $0.slot, generation: $0.generation, count: $0.progress()) }
            let late = state.withLock { state -> (key: Int, value: Step)? in
                for counted in counts where state.steps[counted.slot]?.generation == counted.generation && state.steps[counted.slot]?.seen != counted.count {
                    state.steps[counted.slot]?.seen = counted.count
                    state.steps[counted.slot]?.began = .now
                }
                return state.steps.first { $0.value.began.duration(to: .now) > watchdog }
            }
            guard let (slot, step) = late else { continue }
            let note =
                "\nadharness: \(step.glue) has not returned from step \(step.step), called at \(step.site), and shown no progress for "
                + "\(watchdog.harnessDescription) of wall-clock time: it blocks (noHang), and this process cannot go on past it, so "
                + "it ends here (the runtime's report of the blocked thread follows). In a worker process of your tool the hang "
                + "is a noHang finding and the run goes on: `my-adharness run FILE`, or ScenarioFile.run(glue:rules:in:) from a test.\n"
            // Only if that step is still in progress (one that returned meanwhile is no hang, and its
            // slot may hold another step's note now): ``end(_:)`` takes the same lock.
            let sent = state.withLock { state -> Bool in
                guard state.steps[slot]?.generation == step.generation else { return false }
                write([note], into: slot)
                pthread_kill(step.thread, SIGABRT)
                return true
            }
            guard sent else { continue }
            // The handler ends the process after the report; should the signal never arrive, this does.
            Thread.sleep(forTimeInterval: 10)
            _exit(134)
        }
    }
}
