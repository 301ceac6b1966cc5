import AdRequestKit
import Dispatch
import Foundation

/// Another thread for callbacks that the real systems deliver off the main thread.
///
/// The harness hands the callback over and waits for it to finish, so the trace stays in one
/// deterministic order. Where the callback runs is ``CallbackThreading/current``: by default on the
/// driving thread, as work handed over; with `ADHARNESS_CALLBACK_THREADS=real`, on a real second
/// thread (and the thread sanitizer sees it run there).
package enum BackgroundThread {
    private static let key = DispatchSpecificKey<Bool>()
    /// Set while the driving thread runs work handed over to it as to another thread.
    private static let handedOver = ThreadLocal()
    private static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "harness.background-callbacks")
        queue.setSpecific(key: key, value: true)
        return queue
    }()

    /// Whether the calling thread runs a task's job: handed work would see that task's locals,
    /// priority and cancellation, which a callback from the OS never does.
    private static var inTask: Bool { withUnsafeCurrentTask { $0 != nil } }

    /// Whether the caller runs as work handed to the background thread.
    package static var isCurrent: Bool { handedOver.isSet || DispatchQueue.getSpecific(key: key) == true }

    /// Runs the work as on the background thread and returns once it has finished.
    ///
    /// Call it only from work the clock runs, never while the app holds a lock inside an API call:
    /// the app's callback may need that lock.
    package static func runAndWait(_ work: @escaping @Sendable () -> Void) {
        if CallbackThreading.current == .drivingThread && !Thread.isMainThread && !Self.inTask {
            handedOver.with(flag: true) { AwaitedCall.unguarded { CallbackNesting.asNewThread(work) } }
            return
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let context = DrivenThread.current
        queue.async {
            DrivenThread.carrying(context, work)
            done.signal()
        }
        done.wait()
    }
}

/// The main queue, for callbacks the real SDKs deliver on the main thread.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)
    /// Whether the caller runs as a block of the main queue.
    package static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }

    /// Waits until every block put on the main queue before the call has run, and the blocks those
    /// put there in turn (the main queue is serial: a block put on it after them runs after them), so
    /// that an app's `DispatchQueue.main.async` runs at a point of the run that is the same in every
    /// run, for ``turns`` turns of the main queue. Each turn after the first is taken on the main
    /// queue itself, so the caller waits once. Where the caller is the main thread (an XCTest
    /// method), runs the main run loop as many times instead. Where the
    /// caller is the main queue on another thread (a synchronous main-actor
    /// test), nothing can run before it returns: returns `false`. So does a wait the main queue does
    /// not answer within ``heldAfter`` (a synchronous main-actor test elsewhere in the process holds
    /// it, or one waits for the threads that step the run), and every settle after it until the main
    /// queue has run the waited-for block: the run goes on, its main-queue blocks unordered, rather
    /// than hang.
    @discardableResult
    package static func settle() -> Bool {
        _ = marked
        // The main thread (an XCTest method) counts as the main queue even between blocks, where
        // libdispatch takes it for the main queue too: it runs them itself, through its run loop
        // (which runs none inside one of them).
        if Thread.isMainThread {
            for _ in 0..<turns { _ = RunLoop.main.run(mode: .default, before: Date()) }
            return true
        }
        if isCurrent || held.snapshot { return false }
        let done = DispatchSemaphore(value: 0)
        afterTurns(turns) {
            held.withLock { $0 = false }
            done.signal()
        }
        guard done.wait(timeout: .now() + heldAfter) == .success else {
            held.withLock { $0 = true }
            return false
        }
        return true
    }

    /// How long the harness holds the main queue for a thread that neither hands it work nor lets
    /// go: far above a step's work (a millisecond or less), far below the watchdog's 10 s. Past it,
    /// the thread may be waiting for the main queue itself (`DispatchQueue.main.sync`, which then
    /// runs), and each step that does so costs this much.
    package static let letGoAfter: DispatchTimeInterval = .milliseconds(500)

    /// How many turns of the main queue a settle waits for: a block the app put there runs within
    /// the first, and a chain of blocks each putting the next there is waited for up to this length
    /// (the turns follow one another on the main thread, so each costs a block, not a wake-up).
    package static let turns = 8

    /// Runs `last` on the main queue after `count` turns of it: each turn puts the next behind what
    /// is on the main queue then.
    private static func afterTurns(_ count: Int, _ last: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async { count > 1 ? afterTurns(count - 1, last) : last() }
    }

    /// How long a settle waits for the main queue before it takes the main queue as held: far above
    /// a turn of a served main queue on a busy machine (microseconds) and a synchronous main-actor
    /// test beside the run (this package's runs the explorer for about a second, and a run beside it
    /// keeps its order by waiting), below the watchdog's 10 s.
    package static let heldAfter: DispatchTimeInterval = .seconds(4)
    /// Whether a settle found the main queue held, and the block it put there has not run yet.
    private static let held = Locked(false)

    /// Runs the work on the main queue and returns once it has finished; runs it at once when the
    /// caller is the main thread already (waiting there would wait for itself). While the caller
    /// holds the main queue (``holding(_:)``), the hold's block runs it.
    package static func runAndWait(_ work: @escaping @Sendable () -> Void) {
        _ = marked
        if isCurrent || Thread.isMainThread {
            work()
            return
        }
        nonisolated(unsafe) let context = DrivenThread.current
        if let hold = holdOfThisThread.value {
            Unmanaged<Hold>.fromOpaque(hold).takeUnretainedValue().run { DrivenThread.carrying(context, work) }
            return
        }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            DrivenThread.carrying(context, work)
            done.signal()
        }
        done.wait()
    }

    /// Runs the work on the calling thread with the main queue held (a block of the harness's at its
    /// head, waiting), then lets it go and settles it (``settle()``): what the work put on the main
    /// queue (an app's `DispatchQueue.main.async`) runs after the work, in the order it was put there,
    /// and before this returns, so it runs at the same point of the run in every run, whatever the
    /// threads' timing. Work the harness itself hands the main queue meanwhile (``runAndWait(_:)``)
    /// runs in the held block. `closing` is called once the window in which the main queue runs the
    /// work's blocks in order is over: at the last turn of the settle (a block that comes later is no
    /// longer the work's), or when the wait gives up. Returns what ``settle()`` returns. Where the
    /// caller is the main thread or the main queue, or the main queue was found held, the work runs
    /// and the main queue is settled as ``settle()`` can.
    package static func holding(
        progress: @escaping @Sendable () -> Int = { 0 }, closing: @escaping @Sendable () -> Void = {}, _ work: () -> Void
    ) -> Bool {
        _ = marked
        // Held already by this thread (the play-out of a run that ends inside a held step): it stays so.
        if holdOfThisThread.isSet {
            work()
            return true
        }
        if Thread.isMainThread || isCurrent || held.snapshot {
            work()
            defer { closing() }
            return settle()
        }
        let hold = Hold(progress: progress, closing: closing)
        DispatchQueue.main.async { hold.serve() }
        holdOfThisThread.with(Unmanaged.passUnretained(hold).toOpaque(), work)
        return hold.releaseAndSettle()
    }

    /// The hold of the main queue the calling thread runs work under (``holding(_:)``).
    private static let holdOfThisThread = ThreadLocal()

    /// A block at the head of the main queue that waits for the thread holding it, and runs what
    /// that thread hands the main queue meanwhile.
    private final class Hold: @unchecked Sendable {
        private let wake = DispatchSemaphore(value: 0)
        private let settled = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private let closing: @Sendable () -> Void
        private let progress: @Sendable () -> Int
        /// Guarded by `lock`: work handed over, each with the semaphore its caller waits on.
        private var mailbox: [(work: () -> Void, done: DispatchSemaphore)] = []
        /// Guarded by `lock`: whether the holding thread let go.
        private var released = false
        /// Guarded by `lock`: whether the held block let go of the main queue for a while (``letGoAfter``)
        /// and waits to take it again, behind what the main queue held then.
        private var gone = false
        /// Guarded by `lock`: whether the block let go once already. It takes the main queue again
        /// once only: a thread that waits that long a second time (a glue blocked on its own work,
        /// or hung) would otherwise keep the main queue from the other runs of the process.
        private var retook = false
        /// Guarded by `lock`: whether the block let go for good (the second time).
        private var over = false

        init(progress: @escaping @Sendable () -> Int, closing: @escaping @Sendable () -> Void) {
            self.progress = progress
            self.closing = closing
        }

        /// The held block, on the main queue: runs what is handed over until let go, then puts the
        /// turns of a settle on the main queue, behind what the app put there meanwhile. Where the
        /// holding thread neither hands anything over, nor makes progress, nor lets go for
        /// ``letGoAfter``, it may wait for the main queue itself (an app's `DispatchQueue.main.sync`):
        /// the block lets go, and puts itself on the main queue again behind what it held, taking it
        /// again while the holding thread has not let go. What the main queue runs meanwhile runs
        /// beside the step, still taken as the step's: a step that blocks half a second is no call
        /// from outside the run.
        func serve() {
            // Taken again after letting go: what the holding thread puts on the main queue from now on
            // queues behind this block again, in the run's order.
            lock.withLock { gone = false }
            var lastProgress = progress()
            while true {
                var woke = wake.wait(timeout: .now() + MainQueue.letGoAfter) == .success
                if !woke {
                    // A long step that records events or runs the clock's work is not waiting.
                    let now = progress()
                    if now != lastProgress { (lastProgress, woke) = (now, true) }
                }
                let (handed, letGo) = lock.withLock {
                    defer { mailbox = [] }
                    if !woke && mailbox.isEmpty && !released { gone = true }
                    return (mailbox, released || gone)
                }
                for item in handed {
                    item.work()
                    item.done.signal()
                }
                if letGo { break }
            }
            let (letGoNow, takeAgain) = lock.withLock { () -> (Bool, Bool) in
                guard gone else { return (false, false) }
                defer { (retook, over) = (true, retook) }
                return (true, !retook)
            }
            if letGoNow {
                // Lets what the main queue holds now run (the holding thread's `DispatchQueue.main.sync`
                // among it), then, the first time, takes the main queue again behind it; work handed
                // over meanwhile waits in the mailbox for the block taken again.
                guard takeAgain else { return }
                return DispatchQueue.main.async { self.serve() }
            }
            MainQueue.afterTurns(MainQueue.turns) {
                MainQueue.held.withLock { $0 = false }
                self.closing()
                self.settled.signal()
            }
        }

        /// Runs the work in the held block and waits for it (in the block taken again, where the
        /// held block let go for a while).
        func run(_ work: @escaping @Sendable () -> Void) {
            let done = DispatchSemaphore(value: 0)
            let held = lock.withLock {
                let held = !over
                if held { mailbox.append((work, done)) }
                return held
            }
            guard held else {
                DispatchQueue.main.async {
                    work()
                    done.signal()
                }
                return done.wait()
            }
            wake.signal()
            done.wait()
        }

        /// Lets go of the main queue and waits, as ``MainQueue/settle()`` does, for what was put there.
        func releaseAndSettle() -> Bool {
            guard
                !lock.withLock({ () -> Bool in
                    released = true
                    return over
                })
            else {
                defer { closing() }
                return MainQueue.settle()
            }
            wake.signal()
            guard settled.wait(timeout: .now() + MainQueue.heldAfter) == .success else {
                MainQueue.held.withLock { $0 = true }
                closing()
                return false
            }
            return true
        }
    }
}
