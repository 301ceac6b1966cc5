import AdRequestKit
import AppInfoPlist
import Foundation
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// One simulated device and app process, for tests of a single stand-in.
struct Rig {
    let clock = VirtualClock()
    let trace: Trace
    let device: SimulatedDevice
    let process: AppProcess
    let store: InMemoryKeyValueStore

    init(
        os: OSSettings = OSSettings(),
        infoPlist: InfoPlist = .standard,
        answer: StoredTrackingAnswer = .none,
        faults: [Fault] = [],
        active: Bool = true
    ) {
        trace = Trace(clock: clock)
        device = SimulatedDevice(settings: os, infoPlist: infoPlist, storedAnswer: answer, trace: trace)
        process = AppProcess(number: 1, clock: clock, trace: trace, faults: FaultPlan(faults))
        store = InMemoryKeyValueStore(trace: trace)
        if active { device.setAppState(.active) }
    }

    func tracking(_ user: ScriptedAnswer<TrackingPromptAnswer>? = nil) -> SimulatedTrackingAuthorization {
        SimulatedTrackingAuthorization(device: device, process: process, user: user)
    }

    func consentInfo(_ settings: ConsentSDKSettings = ConsentSDKSettings()) -> SimulatedConsentInformation {
        SimulatedConsentInformation(settings: settings, storage: ConsentStorage(store: store), process: process)
    }

    /// A new process on the same device and storage, as after a relaunch.
    func relaunched() -> AppProcess {
        process.clock.end()
        return AppProcess(number: 2, clock: clock, trace: trace, faults: FaultPlan())
    }
}

/// Collects callback values from any thread, with whether each came synchronously.
final class Calls<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(value: Value, background: Bool)] = []

    func record(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        stored.append((value, BackgroundThread.isCurrent))
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored.map(\.value)
    }

    var onBackgroundThread: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return stored.map(\.background)
    }
}
