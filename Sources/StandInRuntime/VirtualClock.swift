import AdRequestKit

/// Virtual time for the whole harness: nothing runs until the test advances the clock.
///
/// Like swift-nio's embedded event loop: work runs only inside `run()`, `advance(by:)` and
/// `runUntilIdle(limit:)`; work due at the same instant runs in the order it was scheduled; and
/// `pendingWork` lists what is still waiting, including callbacks that will never come. So a
/// 30-second timeout costs a test no wall-clock time, and the same run gives the same order every time.
///
/// A test of a glue meets it as `app.clock`, moved by `app.advance(by:)`; on its own:
///
/// ```swift
/// let clock = VirtualClock()
/// clock.schedule(after: .seconds(30), label: "consent timeout") { print("timed out at \(clock.now)") }
/// clock.advance(by: .seconds(10))      // not due yet: nothing runs
/// #expect(clock.pendingWork.map(\.description) == ["consent timeout @ 30.000s (appTimer)"])
/// #expect(clock.runUntilIdle())        // jumps to 30 s at once and runs the timer
/// #expect(clock.now == .seconds(30))
/// ```
public final class VirtualClock: AppClock, Sendable {
    private let state = Locked(State())

    private struct State {
        var now: Duration = .zero
        var nextSequence = 0
        var queue = WorkQueue<Entry>()
        /// Work run at the instant ``instant``, and in the whole run.
        var instant: Duration = .zero
        var workAtInstant = 0
        var workRun = 0
        /// The labels of the last work run, to name a loop.
        var recentLabels: [String] = []
        /// Set once a budget ran out: the clock runs nothing more.
        var runaway: Runaway?
        /// The work of ended scopes (processes that ended), never run in the run, kept for its play-out.
        var retired: [Int: Entry] = [:]
        /// Set once the run is played out: every scope schedules as a live one, under this budget.
        var playOut: (workPerInstant: Int, work: Int)?
    }

    private struct Entry: QueuedWork {
        let due: Duration?
        let sequence: Int
        let label: String
        let kind: PendingWork.Kind
        let scope: Int?
        let work: @Sendable () -> Void
    }

    /// How much a run may do before it is stopped as a runaway.
    package let budget: RunBudget
    /// The app's tasks (an ``AppTaskExecutor`` where the OS has task executors).
    private let taskExecutor: (any AnyObject & Sendable)?

    /// Creates a clock at time zero, with a budget against runaway work.
    package init(budget: RunBudget = .standard) {
        self.budget = budget
        guard #available(macOS 15.0, iOS 18.0, *) else {
            taskExecutor = nil
            return
        }
        // A task that never waits for anything (`while !done { await Task.yield() }`) makes jobs
        // without end at one instant: past its budget the clock stops as it stops any loop.
        let tasks = AppTaskExecutor(jobsPerDrain: budget.workPerInstant * 10)
        taskExecutor = tasks
        tasks.onRunaway = { [weak self] tasks in self?.halt(.workPerInstant, repeating: tasks) }
    }

    /// The app's async tasks, run on this clock's turns: every ready job runs after each piece of
    /// work the clock runs, before the next.
    @available(macOS 15.0, iOS 18.0, *)
    package var tasks: AppTaskExecutor {
        // Set in `init` under the same availability.
        taskExecutor as! AppTaskExecutor
    }

    /// Runs the body as the thread that drives this clock's app: a task the app starts in it, or a
    /// continuation it resumes, is run by the clock, in order, never by the global pool.
    package func drive<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard #available(macOS 15.0, iOS 18.0, *) else { return try body() }
        return try tasks.drive(body)
    }

    /// Runs every ready job of the app's tasks.
    private func settleTasks() {
        guard #available(macOS 15.0, iOS 18.0, *) else { return }
        tasks.runUntilIdle()
    }

    /// Whether the run is over and the app plays out what it had left to do (`playOut(within:)`).
    package var isPlayingOut: Bool { state.withLock { $0.playOut != nil } }

    /// Why the clock stopped running work, once a budget ran out; `nil` while it runs.
    package var runaway: Runaway? { state.withLock { $0.runaway } }

    /// Stops the clock as a runaway: from now on it runs nothing. The first stop is kept.
    package func halt(_ reason: Runaway.Reason, repeating labels: [String]) {
        state.withLock { state in
            if state.runaway == nil { state.runaway = Runaway(reason: reason, repeating: Runaway.repeating(in: labels)) }
        }
    }

    /// Virtual time since the clock was created.
    public var now: Duration { state.withLock { $0.now } }

    /// Schedules the app's work to run once the clock reaches `now + delay` (a timer of the app's):
    /// the stand-in's side of the app's clock port. A glue schedules through `ports.clock` and a test
    /// moves time with the driver's steps, so only an `@_spi(StandIns) import` reaches it here.
    @discardableResult
    @_spi(StandIns)
    public func schedule(after delay: Duration, label: String, _ work: @escaping @Sendable () -> Void) -> any ScheduledWork {
        schedule(after: delay, label: label, kind: .appTimer, work)
    }

    /// Schedules work of a kind to run once the clock reaches `now + delay`.
    @discardableResult
    package func schedule(after delay: Duration, label: String, kind: PendingWork.Kind, _ work: @escaping @Sendable () -> Void) -> any ScheduledWork {
        enqueue(delay: max(delay, .zero), label: label, kind: kind, scope: nil, work: work)
    }

    /// Records work that will never run (a callback a fault withholds, a prompt nobody answers),
    /// so that `pendingWork` reports it.
    @discardableResult
    package func scheduleNever(label: String, kind: PendingWork.Kind) -> any ScheduledWork {
        enqueue(delay: nil, label: label, kind: kind, scope: nil) {}
    }

    /// Records work that will never run in the run, and what happens to it if the app lives on
    /// once the run is over (`playOut(within:)`): the withheld callback delivered, the prompt taken away.
    @discardableResult
    package func scheduleNever(label: String, kind: PendingWork.Kind, playOut: @escaping @Sendable () -> Void) -> any ScheduledWork {
        enqueue(delay: nil, label: label, kind: kind, scope: nil, work: playOut)
    }

    /// Everything still waiting, earliest first; `due == nil` means it will never run.
    package var pendingWork: [PendingWork] {
        state.withLock { state in state.queue.inOrder.map { PendingWork(label: $0.label, due: $0.due, kind: $0.kind) } }
    }

    /// Whether anything is waiting, including work that will never run.
    package var hasPendingWork: Bool { state.withLock { !$0.queue.isEmpty } }

    /// Runs everything due now, including work that running schedules for now.
    package func run() { advance(to: now) }

    /// How many pieces of work the clock has run so far: whether a call ran any is a change of it.
    package var workDone: Int { state.withLock { $0.workRun } }

    /// Moves time forward, running due work in order; `now` is each work's due time while it runs.
    package func advance(by duration: Duration) { advance(to: now + max(duration, .zero)) }

    /// Moves time forward to an instant, running due work in order.
    package func advance(to target: Duration) {
        drive {
            settleTasks()
            while let entry = popDue(notAfter: target) {
                entry.work()
                settleTasks()
            }
        }
        state.withLock { state in
            if state.runaway == nil { state.now = max(state.now, target) }
        }
    }

    /// Jumps from one due time to the next until nothing that can run is left, or `limit` of virtual
    /// time has passed. Returns whether it stopped because nothing was left to run.
    @discardableResult
    package func runUntilIdle(limit: Duration = .seconds(400 * 86_400)) -> Bool {
        let end = now + limit
        while true {
            run()
            guard runaway == nil else { return false }
            guard let next = state.withLock({ $0.queue.nextDue() }) else { return true }
            guard next <= end else {
                advance(to: end)
                return false
            }
            advance(to: next)
        }
    }

    /// The run is over: plays out what the app has left to do, so that every completion the clock
    /// holds is called and every task of the app waiting for one ends, before the clock lets go.
    ///
    /// A completion let go uncalled would leave the app's own checked continuation around it
    /// unresumed (the Swift runtime notes each on standard error) and its task, with the world it
    /// holds, never freed; a real process that is killed does neither. So, as if the app lived on
    /// unobserved: each callback a fault withheld and each prompt or form nobody answers (work
    /// that never runs in the run) is delivered or taken away at once, then the ended scopes' work and
    /// every timer run in time order, repeatedly, until nothing is left or `budget` runs out; what is
    /// left then is let go. The caller closes the trace and the faults first (`SimulatedWorld` does),
    /// so nothing of this is recorded or checked. A clock whose app never ran a task holds no
    /// continuation of the app's: its work is let go at once.
    package func playOut(within budget: RunBudget = .playOut) {
        if #available(macOS 15.0, iOS 18.0, *), !tasks.hasRunTasks { return letGo() }
        if #available(macOS 15.0, iOS 18.0, *) { tasks.resumeAfterRunaway() }
        state.withLock { state in
            for entry in state.retired.values { state.queue.insert(entry) }
            state.retired = [:]
            state.runaway = nil
            state.workAtInstant = 0
            state.playOut = (budget.workPerInstant, state.workRun + budget.work)
        }
        while runaway == nil {
            let untimed = state.withLock { $0.queue.removeAll { $0.due == nil } }
            guard !untimed.isEmpty || state.withLock({ $0.queue.nextDue() != nil }) else { break }
            for entry in untimed { _ = enqueue(delay: .zero, label: entry.label, kind: entry.kind, scope: entry.scope, work: entry.work) }
            runUntilIdle()
        }
        letGo()
    }

    /// Lets go of every piece of work still kept, once the lock is let go (what it holds may schedule).
    private func letGo() {
        _ = state.withLock { state in
            defer { (state.queue, state.retired) = (WorkQueue(), [:]) }
            return (state.queue, state.retired)
        }
    }

    /// A view of the clock whose work can be cancelled together, such as one app process.
    package func makeScope(name: String) -> ClockScope {
        ClockScope(
            clock: self,
            id: state.withLock { state in
                defer { state.nextSequence += 1 }
                return state.nextSequence
            }, name: name)
    }

    // MARK: Internals

    /// Queues work; the work of an ended scope is kept aside, unrun, until the run is played out.
    fileprivate func enqueue(
        delay: Duration?, label: String, kind: PendingWork.Kind, scope: Int?, ended: Bool = false, work: @escaping @Sendable () -> Void
    ) -> any ScheduledWork {
        // Work the app's async code set off (a completion, an answer to its prompt), directly or through
        // one of the ports' async forms, stays its code's: its completion resumes a continuation.
        let asyncCodes = AwaitedCall.resumesAContinuation ? AwaitedCall.markedAsAsyncCode(work) : work
        // Work one of the ports' async forms set off stays the form's: the completion it delivers is
        // the form's, which drops a duplicate.
        let work = AwaitedCall.resumesAPortForm ? AwaitedCall.markedAsPortForm(asyncCodes) : asyncCodes
        let sequence: Int = state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            let entry = Entry(due: delay.map { state.now + $0 }, sequence: sequence, label: label, kind: kind, scope: scope, work: work)
            if ended && state.playOut == nil { state.retired[sequence] = entry } else { state.queue.insert(entry) }
            return sequence
        }
        return Cancellation(clock: self, sequence: sequence)
    }

    fileprivate func cancel(sequence: Int) {
        // The work is released once the lock is let go: what it holds may schedule in turn.
        _ = state.withLock { ($0.queue.remove(sequence: sequence), $0.retired.removeValue(forKey: sequence)) }
    }

    /// Sets a scope's work aside: it runs no more in the run, and is kept for its play-out. Once the
    /// run is played out, an ended scope's work runs with the rest.
    fileprivate func retire(scope: Int) {
        state.withLock { state in
            guard state.playOut == nil else { return }
            for entry in state.queue.removeAll(where: { $0.scope == scope }) { state.retired[entry.sequence] = entry }
        }
    }

    private func popDue(notAfter target: Duration) -> Entry? {
        state.withLock { state in
            guard state.runaway == nil else { return nil }
            guard let first = state.queue.popFirst(notAfter: target), let due = first.due else { return nil }
            state.now = max(state.now, due)
            if state.now != state.instant {
                state.instant = state.now
                state.workAtInstant = 0
            }
            state.workAtInstant += 1
            state.workRun += 1
            state.recentLabels.append(first.label)
            if state.recentLabels.count > 256 { state.recentLabels.removeFirst(state.recentLabels.count - 128) }
            let (workPerInstant, work) = state.playOut ?? (budget.workPerInstant, budget.work)
            let reason: Runaway.Reason? =
                state.workAtInstant > workPerInstant
                ? .workPerInstant
                : state.workRun > work ? .work : nil
            if let reason {
                // The loop is named by what it kept doing; the work that would go on runs no more.
                state.runaway = Runaway(reason: reason, repeating: Runaway.repeating(in: state.recentLabels))
                state.queue.insert(first)
                return nil
            }
            return first
        }
    }

    /// Held by whoever scheduled the work, which the work may hold in turn: weak, so no cycle
    /// keeps the clock alive.
    private struct Cancellation: ScheduledWork {
        weak var clock: VirtualClock?
        let sequence: Int
        func cancel() { clock?.cancel(sequence: sequence) }
    }
}

/// Work still waiting on a ``VirtualClock``.
public struct PendingWork: Hashable, Sendable, CustomStringConvertible {
    /// What the work is (`consent.update completion`).
    package var label: String
    /// When it is due; `nil` if it will never run.
    package var due: Duration?
    /// What kind of work it is.
    public var kind: Kind

    /// What kind of work is waiting.
    public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
        /// A timer the app set (a timeout, a delayed call).
        case appTimer
        /// An OS or SDK callback on its way.
        case callback
        /// A callback a fault withholds: it will never come.
        case withheldCallback
        /// The scripted user about to answer a prompt or form.
        case userAnswer
        /// A prompt or form on screen that nobody will answer.
        case unansweredPrompt
    }

    /// Work scheduled on the clock, as `Leftovers` reports it: what it is, when it is due (or never), and its kind.
    package init(label: String, due: Duration?, kind: Kind) {
        self.label = label
        self.due = due
        self.kind = kind
    }

    /// `label @ 3.000s (callback)`, or `label (never, withheldCallback)`.
    public var description: String {
        guard let due else { return "\(label) (never, \(kind.rawValue))" }
        return "\(label) @ \(due.harnessDescription) (\(kind.rawValue))"
    }
}

/// A clock view whose scheduled work is cancelled together, used for one app process:
/// when the process ends, its timers and undelivered callbacks go with it.
///
/// The scope holds its clock weakly: work on the clock holds the scope (through what it calls), and
/// a strong reference back would keep every run's clock alive after the run.
package final class ClockScope: AppClock, Sendable {
    /// A name for reports.
    package let name: String
    private let id: Int
    private let ended = Locked(false)
    private weak let clock: VirtualClock?

    fileprivate init(clock: VirtualClock, id: Int, name: String) {
        self.clock = clock
        self.id = id
        self.name = name
    }

    /// The clock's time (zero once the clock is gone).
    package var now: Duration { clock?.now ?? .zero }

    /// The clock's budget against runaway work.
    package var budget: RunBudget { clock?.budget ?? .standard }

    /// Whether the run is over and the app plays out what it had left to do.
    package var isPlayingOut: Bool { clock?.isPlayingOut ?? false }

    /// The app's async tasks, run on the clock's turns (``VirtualClock/tasks``); `nil` once the clock is gone.
    @available(macOS 15.0, iOS 18.0, *)
    package var tasks: AppTaskExecutor? { clock?.tasks }

    /// Stops the clock as a runaway (``VirtualClock/halt(_:repeating:)``).
    package func halt(_ reason: Runaway.Reason, repeating labels: [String]) { clock?.halt(reason, repeating: labels) }

    /// Schedules the app's work in this scope (a timer); once the scope has ended, it never runs in the run.
    @discardableResult
    package func schedule(after delay: Duration, label: String, _ work: @escaping @Sendable () -> Void) -> any ScheduledWork {
        schedule(after: delay, label: label, kind: .appTimer, work)
    }

    /// Schedules work of a kind in this scope.
    @discardableResult
    package func schedule(after delay: Duration, label: String, kind: PendingWork.Kind, _ work: @escaping @Sendable () -> Void) -> any ScheduledWork {
        enqueue(delay: max(delay, .zero), label: label, kind: kind, work: work)
    }

    /// Records work of this scope that will never run.
    @discardableResult
    package func scheduleNever(label: String, kind: PendingWork.Kind) -> any ScheduledWork {
        enqueue(delay: nil, label: label, kind: kind) {}
    }

    /// Records work of this scope that will never run in the run, and what happens to it if the app
    /// lives on once the run is over (`VirtualClock.playOut(within:)`).
    @discardableResult
    package func scheduleNever(label: String, kind: PendingWork.Kind, playOut: @escaping @Sendable () -> Void) -> any ScheduledWork {
        enqueue(delay: nil, label: label, kind: kind, work: playOut)
    }

    /// Ends the scope, as a process ends: nothing it scheduled, or schedules later, runs in the run
    /// or counts as pending. The work is kept aside, with the completions it holds, until the run is
    /// played out (`VirtualClock.playOut(within:)`).
    package func end() {
        ended.withLock { $0 = true }
        clock?.retire(scope: id)
    }

    private func enqueue(delay: Duration?, label: String, kind: PendingWork.Kind, work: @escaping @Sendable () -> Void) -> any ScheduledWork {
        guard let clock else { return NothingScheduled() }
        return clock.enqueue(delay: delay, label: label, kind: kind, scope: id, ended: ended.snapshot, work: work)
    }

    private struct NothingScheduled: ScheduledWork {
        func cancel() {}
    }
}
