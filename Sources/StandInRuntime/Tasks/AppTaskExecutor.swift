import AdRequestKit

/// The app's tasks, run one job at a time on the thread that drives the virtual clock, in the order
/// they were enqueued: async glue is as deterministic as callback glue.
///
/// The harness starts each of the glue's entry points as a task that prefers this executor, so its
/// nonisolated code, `async let`s and task groups run here; while the harness drives, a `Task {}` or
/// `Task.detached` the glue starts and the main actor come here too (`ConcurrencyHooks`). The
/// virtual clock runs every ready job after each piece of work it runs, so a callback that resumes
/// an `await` is followed by the code after it before anything else happens.
///
/// A job enqueued from a thread the harness does not drive (a wall-clock `Task.sleep` waking, a
/// dispatch queue of the glue's own) is kept and never run: the task stays suspended, and the run
/// names it instead of going on in an order that changes from run to run.
@available(macOS 15.0, iOS 18.0, *)
package final class AppTaskExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let state = Locked(State())

    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
        var draining = false
        var taskCount = 0
        var running: [Int: (name: String, owner: ObjectIdentifier?)] = [:]
        var outside: [UnownedJob] = []
        var hasRunTasks = false
        /// Whether a drain ran past ``jobsPerDrain``: nothing runs from then on.
        var stopped = false
    }

    /// The jobs one drain may run before the executor stops as a runaway.
    private let jobsPerDrain: Int
    /// Told, with the tasks still running, when a drain runs past ``jobsPerDrain``.
    package var onRunaway: (@Sendable ([String]) -> Void)? {
        get { runaway.snapshot }
        set { runaway.withLock { $0 = newValue } }
    }
    private let runaway = Locked<(@Sendable ([String]) -> Void)?>(nil)

    /// Creates an executor with nothing to run.
    package convenience init() { self.init(jobsPerDrain: RunBudget.standard.workPerInstant * 10) }

    /// Creates an executor that stops once one drain runs more than `jobsPerDrain` jobs.
    package init(jobsPerDrain: Int) {
        self.jobsPerDrain = jobsPerDrain
        _ = ConcurrencyHooks.installed
    }

    // MARK: Executor

    /// Takes a job of one of the app's tasks; it runs at the next `runUntilIdle()`.
    package func enqueue(_ job: consuming ExecutorJob) { enqueue(UnownedJob(job)) }

    /// Takes a job of one of the app's tasks; it runs at the next `runUntilIdle()`.
    package func enqueue(_ job: UnownedJob) {
        let fromHarness = Self.driving === self
        state.withLock { state in
            if fromHarness { state.jobs.append(job) } else { state.outside.append(job) }
            state.hasRunTasks = true
        }
    }

    /// This executor, as the runtime refers to it.
    package func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Passes when the harness is driving this executor on the calling thread: there, the glue's
    /// main actor is this executor (`MainActor.assumeIsolated` in a callback the harness delivers).
    package func checkIsolated() {
        precondition(Self.driving === self, "adharness: main-actor code ran on a thread the harness does not drive")
    }

    // MARK: Tasks

    /// Starts one of the app's tasks, named for reports; it runs at the next `runUntilIdle()`.
    /// `owner` (the process that started it) can later `abandon(owner:)` it.
    package func start(_ name: String, owner: ObjectIdentifier? = nil, _ operation: @escaping @Sendable () async -> Void) {
        let id = state.withLock { state in
            state.taskCount += 1
            state.running[state.taskCount] = (name, owner)
            return state.taskCount
        }
        drive {
            _ = Task(executorPreference: self) {
                await operation()
                self.state.withLock { _ = $0.running.removeValue(forKey: id) }
            }
        }
    }

    /// Runs an async operation of the app to its end and returns its value, or `nil` if it is still
    /// suspended once nothing is left to run (it waits for the clock or the user).
    package func value<Value: Sendable>(
        of name: String, owner: ObjectIdentifier? = nil, _ operation: @escaping @Sendable () async -> Value
    ) -> Value? {
        let result = Locked<Value?>(nil)
        start(name, owner: owner) {
            let value = await operation()
            result.withLock { $0 = value }
        }
        runUntilIdle()
        return result.snapshot
    }

    /// Runs every ready job, and the jobs they make ready, until none is left.
    package func runUntilIdle() {
        let owner = state.withLock { state -> Bool in
            // Most turns of the clock find nothing ready (a callback glue has no tasks): one lock.
            guard !state.draining, !state.stopped, state.next < state.jobs.count else { return false }
            state.draining = true
            return true
        }
        guard owner else { return }
        var ran = 0
        drive {
            while ran < jobsPerDrain, let job = nextJob() {
                ran += 1
                AwaitedCall.fromAsyncCode(true) {
                    job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
                }
            }
        }
        // A drain that never ends: a task that makes jobs without waiting for anything. Nothing runs
        // from then on but the play-out (`resumeAfterRunaway()`), and the clock is told, so the run
        // ends with the loop named.
        let stopped = state.withLock { state -> Bool in
            state.draining = false
            guard ran >= jobsPerDrain, state.next < state.jobs.count else { return false }
            state.stopped = true
            return true
        }
        if stopped { onRunaway?(suspendedTasks.map { "task \($0)" }) }
    }

    /// Runs jobs again after a runaway stopped it: the play-out, with a budget of its own, lets the
    /// app's tasks end so that none keeps its world.
    package func resumeAfterRunaway() {
        state.withLock { $0.stopped = false }
    }

    /// Whether a job is ready to run.
    package var hasReadyJobs: Bool { state.withLock { $0.next < $0.jobs.count } }

    /// The app's tasks that have started and not ended, in the order they started: once nothing is
    /// ready, each waits for something (a callback, the clock, the user, or something outside).
    package var suspendedTasks: [String] {
        state.withLock { state in state.running.sorted { $0.key < $1.key }.map(\.value.name) }
    }

    /// Forgets the tasks an owner started, as when its process ends: a task of a process that is
    /// gone is no leftover of the run.
    package func abandon(owner: ObjectIdentifier) {
        state.withLock { state in state.running = state.running.filter { $0.value.owner != owner } }
    }

    /// Whether any task of the app was ever enqueued here: only a task can wait on a continuation.
    package var hasRunTasks: Bool { state.withLock { $0.hasRunTasks } }

    /// Whether a task was resumed from a thread the harness does not drive (and so never ran on).
    package var wasResumedFromOutside: Bool { state.withLock { !$0.outside.isEmpty } }

    private func nextJob() -> UnownedJob? {
        state.withLock { state in
            guard state.next < state.jobs.count else {
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
                return nil
            }
            defer { state.next += 1 }
            return state.jobs[state.next]
        }
    }

    // MARK: The driving thread

    /// Runs the body with this executor as the one the calling thread drives: jobs enqueued from
    /// it come here, and the glue's main actor is this executor.
    package func drive<Result>(_ body: () throws -> Result) rethrows -> Result {
        try DrivenThread.local.with(Unmanaged.passUnretained(self).toOpaque(), body)
    }

    /// The executor of the app the calling thread drives, if any: while the harness makes a glue,
    /// steps it or runs its clock.
    package static var current: AppTaskExecutor? { driving }

    /// The executor the calling thread drives, if any.
    static var driving: AppTaskExecutor? {
        DrivenThread.current.map { Unmanaged<AppTaskExecutor>.fromOpaque($0).takeUnretainedValue() }
    }
}
