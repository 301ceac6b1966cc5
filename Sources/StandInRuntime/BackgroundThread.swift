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
    /// Set while the main thread runs the main queue's blocks for the harness (``settle()``).
    private static let serving = ThreadLocal()

    /// Whether the caller is a block of the main queue that the harness runs on the main thread
    /// (``settle()``): the glue's block, though on the thread that steps the run.
    package static var isServedByTheHarness: Bool { serving.isSet }

    /// Whether the caller runs as a block of the main queue.
    package static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }

    /// Waits until every block put on the main queue before the call has run, and the blocks those
    /// put there in turn (the main queue is serial: a block put on it after them runs after them), so
    /// that an app's `DispatchQueue.main.async` runs at a point of the run that is the same in every
    /// run. The second turn is taken on the main queue itself, so the caller waits once. Where the
    /// caller is the main thread (an XCTest method), runs the main run loop twice instead. Where the
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
            serving.with(flag: true) {
                _ = RunLoop.main.run(mode: .default, before: Date())
                _ = RunLoop.main.run(mode: .default, before: Date())
            }
            return true
        }
        if isCurrent || held.snapshot { return false }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            DispatchQueue.main.async {
                held.withLock { $0 = false }
                done.signal()
            }
        }
        guard done.wait(timeout: .now() + heldAfter) == .success else {
            held.withLock { $0 = true }
            return false
        }
        return true
    }

    /// How long a settle waits for the main queue before it takes the main queue as held: far above
    /// a turn of a served main queue on a busy machine (microseconds), far below the watchdog's 10 s.
    package static let heldAfter: DispatchTimeInterval = .seconds(1)
    /// Whether a settle found the main queue held, and the block it put there has not run yet.
    private static let held = Locked(false)

    /// Runs the work on the main queue and returns once it has finished; runs it at once when the
    /// caller is the main thread already (waiting there would wait for itself).
    package static func runAndWait(_ work: @escaping @Sendable () -> Void) {
        _ = marked
        if isCurrent || Thread.isMainThread {
            work()
            return
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let context = DrivenThread.current
        DispatchQueue.main.async {
            DrivenThread.carrying(context, work)
            done.signal()
        }
        done.wait()
    }
}
