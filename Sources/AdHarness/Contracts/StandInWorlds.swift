import AdRequestKit
import MockAdNetwork
import StandInRuntime

/// The simulated world a stand-in subject arranged last, and virtual time to settle it.
///
/// Each arrangement is a new world (a new device, install and user), as the contract checks ask.
final class StandInWorlds: Sendable {
    private let latest = Locked<SimulatedWorld?>(nil)

    /// A new world and the stand-ins of its first process, with the app active unless told otherwise.
    func make(
        device: Device = Device(), previousSession: PreviousSession = .freshInstall, user: User = User(),
        faults: [Fault] = [], appActive: Bool = true
    ) throws -> (world: SimulatedWorld, standIns: ProcessStandIns) {
        let world = try SimulatedWorld(RunSetup(device: device, previousSession: previousSession, user: user, faults: faults))
        latest.withLock { $0 = world }
        if appActive { world.device.setAppState(.active) }
        return (world, world.makeStandIns(processNumber: 1))
    }

    /// Runs virtual time until nothing is left to run (at most an hour of it), so every callback
    /// and scripted answer due has arrived.
    func settle() {
        latest.snapshot?.clock.runUntilIdle(limit: .seconds(3600))
    }
}

extension ConsentRegion {
    /// The region a debug geography stands for (`disabled` keeps the default, the EEA).
    init(_ geography: ConsentDebugGeography) {
        switch geography {
        case .regulatedUSState: self = .regulatedUSState
        case .notEEA, .other: self = .other
        default: self = .eea
        }
    }
}
