import Dispatch

/// A real second thread for callbacks that the real systems deliver off the main thread.
///
/// The harness hands the callback over and waits for it to finish, so the trace stays in one
/// deterministic order while the code under test still runs on another thread (and the thread
/// sanitizer sees it do so).
public enum BackgroundThread {
    private static let queue = DispatchQueue(label: "harness.background-callbacks")

    /// Runs the work on the background thread and returns once it has finished.
    ///
    /// Call it only from work the clock runs, never while the app holds a lock inside an API call:
    /// the app's callback may need that lock.
    public static func runAndWait(_ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        queue.async {
            work()
            done.signal()
        }
        done.wait()
    }
}
