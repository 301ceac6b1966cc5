import AdRequestKit
import StandInRuntime
import Testing

/// Once a run is over, the clock plays out what the app had left to do before it lets go, so that no
/// completion it holds is let go uncalled (a continuation of the app's around it would never be resumed).
@Suite("The end of a run is played out")
struct PlayOutTests {
    /// A clock whose app has run a task, as an async glue's has.
    static func clockWithTasks() -> VirtualClock {
        let clock = VirtualClock()
        if #available(macOS 15.0, iOS 18.0, *) { clock.tasks.start("entry point") {} }
        clock.run()
        return clock
    }

    @Test("a withheld callback and an unanswered prompt never run in the run; once it is over, they come before any timer")
    func untimedWorkFirst() {
        let clock = Self.clockWithTasks()
        let log = Calls<String>()
        clock.schedule(after: .seconds(30), label: "timeout", kind: .appTimer) { log.record("timeout") }
        clock.scheduleNever(label: "update completion (withheld by a fault)", kind: .withheldCallback) { log.record("withheld") }
        clock.scheduleNever(label: "form waiting for an answer", kind: .unansweredPrompt) { log.record("form taken away") }
        #expect(clock.runUntilIdle())
        #expect(log.values == ["timeout"])
        #expect(clock.pendingWork.map(\.kind) == [.withheldCallback, .unansweredPrompt])

        clock.schedule(after: .seconds(30), label: "second timeout", kind: .appTimer) { log.record("second timeout") }
        clock.playOut()
        #expect(log.values == ["timeout", "withheld", "form taken away", "second timeout"])
        #expect(!clock.hasPendingWork)
    }

    @Test("an ended scope's work, and work scheduled on it after it ended, is neither run nor pending in the run, and runs once it is over")
    func endedScope() {
        let clock = Self.clockWithTasks()
        let log = Calls<String>()
        let process = clock.makeScope(name: "process 1")
        process.schedule(after: .seconds(1), label: "callback") { log.record("callback") }
        process.end()
        process.schedule(after: .seconds(2), label: "timer set by a task of the ended process") { log.record("late timer") }
        #expect(clock.runUntilIdle())
        #expect(log.values.isEmpty)
        #expect(clock.pendingWork.isEmpty)

        clock.playOut()
        #expect(log.values == ["callback", "late timer"])
    }

    @Test("work that keeps scheduling work is stopped by the play-out's budget, and the clock lets go of the rest")
    func budget() {
        let clock = Self.clockWithTasks()
        let runs = Calls<Int>()
        @Sendable func again() {
            runs.record(runs.values.count)
            clock.schedule(after: .seconds(60), label: "poll", kind: .appTimer, again)
        }
        clock.schedule(after: .seconds(60), label: "poll", kind: .appTimer, again)
        clock.playOut(within: RunBudget(workPerInstant: 10, work: 100))
        #expect(runs.values.count == 100)
        #expect(!clock.hasPendingWork)
    }

    @Test("a clock whose app never ran a task holds no continuation of the app's: its work is let go unrun")
    func callbackGlue() {
        // Without task executors (before macOS 15) the clock cannot tell, and plays every run out.
        guard #available(macOS 15.0, iOS 18.0, *) else { return }
        let clock = VirtualClock()
        let log = Calls<String>()
        clock.schedule(after: .seconds(30), label: "timeout", kind: .appTimer) { log.record("timeout") }
        clock.scheduleNever(label: "update completion (withheld by a fault)", kind: .withheldCallback) { log.record("withheld") }
        clock.playOut()
        #expect(log.values.isEmpty)
        #expect(!clock.hasPendingWork)
    }

    @Test("a closed trace records nothing and tells its observers nothing; ended faults no longer fire")
    func closedTraceAndFaults() {
        let trace = Trace(now: { .zero })
        let heard = Calls<TraceName>()
        trace.observe { event, _ in heard.record(event.name) }
        trace.record(.appLaunch)
        trace.close()
        trace.record(.appCrash)
        #expect(trace.names == [.appLaunch])
        #expect(heard.values == [.appLaunch])

        let faults = FaultPlan([Fault.consentInfoUpdate(.callback(.never))])
        faults.end()
        #expect(faults.take(.consentInfoUpdate).isEmpty)
    }
}
