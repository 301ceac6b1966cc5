import AdHarness
import AdRequestKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A glue that blocks at launch for ever, as `BlockingLaunchGlue` does, after it tells a test that it
/// runs: it opens the FIFO `ADHARNESS_TEST_FIFO` names, writes one byte and keeps it open, so the
/// test reads the byte once a worker runs it, and the end of the file once every worker that ran it
/// is gone.
///
/// Run only in worker processes of the tests' team tool (`Tests/ForeignGlueTests/Tool`).
public final class LaunchSignalsThenBlocksGlue: ConsentGlue, @unchecked Sendable {
    public init(ports: AppPorts) {}

    public func didFinishLaunching() {
        if let path = ProcessInfo.processInfo.environment["ADHARNESS_TEST_FIFO"] {
            let descriptor = open(path, O_WRONLY)
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
        }
        DispatchSemaphore(value: 0).wait()
    }

    public func runOnboarding() {}

    public func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }

    public func requestAd(adUnitID: String) {}

    public func openPrivacyOptions() {}

    public func readAdvertisingIdentifier() -> UUID? { nil }
}
