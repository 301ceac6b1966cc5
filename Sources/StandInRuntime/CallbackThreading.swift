import Foundation

/// Where the stand-ins run a callback that the real system delivers on another thread.
///
/// The harness waits for such a callback before it goes on either way, so the trace is the same in
/// both modes; what differs is the thread the glue's callback runs on, and the cost. Handing the
/// callback to a real thread and back costs two context switches, which was most of a tracking
/// answer's cost in the explorer.
///
/// ```sh
/// ADHARNESS_CALLBACK_THREADS=real swift test --sanitize=thread
/// ```
package enum CallbackThreading: String, Hashable, Sendable, CaseIterable {
    /// On the thread that drives the run, as work handed over: `BackgroundThread.isCurrent` is true
    /// and the thread's own state (an immediate callback's nesting, a guarded await) starts afresh,
    /// as on a new thread. The default. Where that would show the callback something a callback from
    /// the OS never sees, the real thread is used instead: on the process's main thread (an XCTest
    /// method), where the glue would read `Thread.isMainThread` as true, and inside a task (a Swift
    /// Testing test), whose task-locals, priority and cancellation the glue would inherit. The
    /// explorer's workers and `adharness` drive runs from plain threads, so they run inline.
    case drivingThread
    /// On a real second thread, handed over and waited for: for a run under the thread sanitizer, or
    /// a glue that keeps state per thread.
    case realThread

    /// The mode of this process: `realThread` when the environment sets
    /// `ADHARNESS_CALLBACK_THREADS=real`, else `drivingThread`.
    ///
    /// Read once, from the environment, so tests running in parallel cannot disagree on it.
    package static let current: CallbackThreading = {
        let (mode, problem) = Self.mode(given: ProcessInfo.processInfo.environment["ADHARNESS_CALLBACK_THREADS"])
        // Said once: a thread-sanitizer job that sets `=1` or `=true` would otherwise run inline, unseen.
        if let problem { FileHandle.standardError.write(Data("adharness: \(problem)\n".utf8)) }
        return mode
    }()

    /// The mode for `ADHARNESS_CALLBACK_THREADS` set to `given` (`nil`: not set), and why a value given
    /// was not taken, if it was not: the default then.
    package static func mode(given: String?) -> (mode: CallbackThreading, problem: String?) {
        switch given {
        case nil, "": (.drivingThread, nil)
        case "real": (.realThread, nil)
        case let given?:
            (
                .drivingThread,
                "ADHARNESS_CALLBACK_THREADS=\(given): expected real (callbacks on a real second thread) or nothing; callbacks run on the driving thread"
            )
        }
    }
}
