import AdHarness
import Foundation
import StandInRuntime
import Testing

/// A callback the real system delivers on another thread runs on the thread driving the run by
/// default, and on a real second thread with `ADHARNESS_CALLBACK_THREADS=real`: the same run either way.
@Suite("Callbacks on another thread, in both threading modes")
struct CallbackThreadingTests {
    /// The bundled scenario whose every callback is moved to another thread, and the same with every
    /// callback moved to the main queue (which the command line's main thread serves).
    static func scenarios() throws -> [(name: String, text: String)] {
        let otherThread = try String(contentsOf: PackageFolder.url("Fixtures/faults/callbacks-on-other-threads.json"), encoding: .utf8)
        #expect(otherThread.contains(#""otherThread""#))
        return [("other-thread.json", otherThread), ("main-queue.json", otherThread.replacingOccurrences(of: #""otherThread""#, with: #""mainThread""#))]
    }

    @Test(
        "a value of ADHARNESS_CALLBACK_THREADS other than real is said, not dropped: a sanitizer job that sets 1 would run inline unseen",
        arguments: [("real", true, false), ("", false, false), ("1", false, true), ("true", false, true), ("Real", false, true)])
    func callbackThreadsVariable(_ given: String, _ real: Bool, _ said: Bool) {
        let (mode, problem) = CallbackThreading.mode(given: given)
        #expect((mode == .realThread) == real)
        #expect((problem != nil) == said, "\(problem ?? "")")
        #expect(problem.map { $0.hasPrefix("ADHARNESS_CALLBACK_THREADS=\(given): expected real") } ?? true)
        #expect(CallbackThreading.mode(given: nil) == (.drivingThread, nil))
    }

    @Test(
        "a value of ADHARNESS_WATCHDOG it does not take is said, and the watchdog waits 10 seconds: 30s is not a number of seconds",
        arguments: [
            ("0.5", 500, false), ("3600", 3_600_000, false), ("0", nil, false), ("30s", 10_000, true), ("0.01", 10_000, true),
            ("5000", 10_000, true), ("nan", 10_000, true), ("0x10", 10_000, true), ("ten", 10_000, true), ("-1", 10_000, true), ("", 10_000, false),
            (" ", 10_000, false),
        ] as [(String, Int?, Bool)])
    func watchdogVariable(_ given: String, _ milliseconds: Int?, _ said: Bool) {
        let (bound, problem) = TrapNotice.watchdog(given: given)
        #expect(bound == milliseconds.map { .milliseconds($0) })
        #expect((problem != nil) == said, "\(problem ?? "")")
        #expect(problem.map { $0.hasPrefix("ADHARNESS_WATCHDOG=\(given): expected a number of seconds from 0.1 to 3600") } ?? true)
        #expect(TrapNotice.watchdog(given: nil) == (.seconds(10), nil))
    }

    @Test("each scenario gives the same JSON trace on the driving thread and on a real thread")
    func sameTraceInBothModes() throws {
        for scenario in try Self.scenarios() {
            let folder = try CommandLineTests.folder(with: [scenario.name: scenario.text])
            defer { try? FileManager.default.removeItem(at: folder) }

            let driving = try CommandLineTests.adharness(["trace", scenario.name, "--format", "json"], in: folder)
            let real = try CommandLineTests.adharness(
                ["trace", scenario.name, "--format", "json"], in: folder, environment: ["ADHARNESS_CALLBACK_THREADS": "real"]
            )

            #expect(driving.code == 0, "\(scenario.name): \(driving.errors)")
            #expect(driving.output.contains(#""ads.request""#), "\(scenario.name): the run reaches an ad request")
            #expect(real.output == driving.output, "\(scenario.name)")
        }
    }
}
