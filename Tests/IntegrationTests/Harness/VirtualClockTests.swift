import AdRequestKit
import StandInRuntime
import Testing

@Suite("Virtual clock")
struct VirtualClockTests {
    @Test("nothing runs until the clock moves; equal instants run in scheduling order; now is the due time")
    func orderAndTime() {
        let clock = VirtualClock()
        let log = Calls<String>()
        clock.schedule(after: .seconds(2), label: "b", kind: .appTimer) { log.record("b@\(clock.now)") }
        clock.schedule(after: .seconds(1), label: "a", kind: .appTimer) { log.record("a@\(clock.now)") }
        clock.schedule(after: .seconds(2), label: "c", kind: .appTimer) { log.record("c@\(clock.now)") }
        #expect(log.values.isEmpty)

        clock.advance(by: .seconds(1))
        #expect(log.values == ["a@1.0 seconds"])
        clock.advance(by: .seconds(5))
        #expect(log.values == ["a@1.0 seconds", "b@2.0 seconds", "c@2.0 seconds"])
        #expect(clock.now == .seconds(6))
    }

    @Test("work scheduled while running runs in the same advance if it falls due")
    func chained() {
        let clock = VirtualClock()
        let log = Calls<Duration>()
        clock.schedule(after: .seconds(1), label: "first", kind: .appTimer) {
            clock.schedule(after: .seconds(1), label: "second", kind: .appTimer) { log.record(clock.now) }
        }
        clock.advance(by: .seconds(3))
        #expect(log.values == [.seconds(2)])
    }

    @Test("pending work is reported, including work that never runs; runUntilIdle stops there")
    func pending() {
        let clock = VirtualClock()
        clock.schedule(after: .seconds(30), label: "timeout", kind: .appTimer) {}
        clock.scheduleNever(label: "withheld callback", kind: .withheldCallback)
        #expect(clock.pendingWork.map(\.description) == ["timeout @ 30.000s (appTimer)", "withheld callback (never, withheldCallback)"])

        #expect(clock.runUntilIdle())
        #expect(clock.now == .seconds(30))
        #expect(clock.pendingWork.map(\.label) == ["withheld callback"])
    }

    @Test("cancelled work never runs; ending a scope cancels its work")
    func cancelling() {
        let clock = VirtualClock()
        let log = Calls<String>()
        clock.schedule(after: .seconds(1), label: "cancelled", kind: .appTimer) { log.record("cancelled") }.cancel()
        let scope = clock.makeScope(name: "process")
        scope.schedule(after: .seconds(1), label: "scoped") { log.record("scoped") }
        clock.schedule(after: .seconds(1), label: "kept", kind: .appTimer) { log.record("kept") }
        scope.end()
        scope.schedule(after: .seconds(1), label: "after end") { log.record("after end") }
        clock.advance(by: .seconds(1))
        #expect(log.values == ["kept"])
    }

    @Test(
        "durations parse as fixtures spell them",
        arguments: [
            ("250ms", Duration.milliseconds(250)), ("3s", .seconds(3)), ("1.5s", .milliseconds(1500)),
            ("2m", .seconds(120)), ("1h", .seconds(3600)), ("365d", .seconds(365 * 86400)),
        ])
    func durations(text: String, duration: Duration) {
        #expect(Duration(harnessText: text) == duration)
    }

    @Test(
        "malformed durations are refused",
        arguments: [
            "", "3", "s", "3 s", "-1s", "3sec", "1e3s",
            // A digit with a combining mark is one Character that sorts between "0" and "9": never half read.
            "1.5\u{301}s", "1\u{301}.5s", "1.\u{301}5s", "\u{661}s", "１s",
        ])
    func badDurations(text: String) {
        #expect(Duration(harnessText: text) == nil)
    }
}
