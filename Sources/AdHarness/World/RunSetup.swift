import StandInRuntime

/// Where a run starts: the device, what earlier sessions left on it, the scripted user and the faults.
///
/// One value for every way a run starts: `SimulatedApp(glue:setup:)` takes it,
/// the world is built from it, and a scenario's `setup` (Scenarios) is one, so the same start runs
/// against two glues, or a scenario's start in a Swift test of its own.
///
/// ```swift
/// let setup = RunSetup(device: Device(region: .eea), user: User(trackingPrompt: .deny, consentForm: .acceptAll))
/// let ours = try SimulatedApp(glue: MyGlue.init, setup: setup)
/// let sample = try SimulatedApp(glue: .reference(), setup: setup)
/// ```
public struct RunSetup: Hashable, Sendable {
    /// The simulated phone: OS version, region, settings, Info.plist, latencies.
    public var device: Device
    /// What earlier sessions left on the device (the OS's stored answer, the consent SDK's storage).
    public var previousSession: PreviousSession
    /// How the user answers each prompt and form.
    public var user: User
    /// The faults the stand-ins inject.
    public var faults: [Fault]

    /// A start: by default a fresh install on a default device, a user who answers nothing, no faults.
    public init(device: Device = Device(), previousSession: PreviousSession = .freshInstall, user: User = User(), faults: [Fault] = []) {
        self.device = device
        self.previousSession = previousSession
        self.user = user
        self.faults = faults
    }
}
