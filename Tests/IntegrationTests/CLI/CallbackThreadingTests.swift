import Foundation
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
