import StandInRuntime

extension Step {
    /// A step of a run, as `SimulatedApp` records it (`step step=onboarding`): what the test, the
    /// scenario or the explorer did next.
    public enum Kind: String, CaseIterable, Hashable, Sendable, TraceValue {
        /// The app's process starts.
        case launch
        /// The app runs its onboarding.
        case onboarding
        /// The app asks for tracking.
        case requestTracking
        /// The app wants an ad.
        case requestAd
        /// The app asks for location access.
        case requestLocation
        /// The user changes a setting in the Settings app.
        case settings
        /// The user taps the app's privacy-options entry point.
        case openPrivacyOptions
        /// The user taps one of the app's own controls.
        case tap
        /// A raw call of the consent SDK.
        case sdk
        /// The device moves to another region.
        case travel
        /// The app comes back to the foreground.
        case foreground
        /// The app reads the advertising identifier.
        case readAdvertisingIdentifier
        /// The process ends and starts again.
        case relaunch
        /// The user closes the app: the process ends.
        case close
        /// The app is deleted and installed again.
        case reinstall
        /// Virtual time passes.
        case advance
        /// Everything waiting on the clock runs.
        case runUntilIdle
    }
}

extension TraceField where Value == Step.Kind {
    /// The step a `step` event begins.
    public static var step: Self { Self("step") }
}

extension TraceEvent {
    /// Whether the event begins a step of this kind: compared as recorded, without reading the
    /// step back, as each rule that learns from steps asks on every one.
    func isStep(_ step: Step.Kind) -> Bool { name == .step && self[TraceField<Step.Kind>.step.name] == step.rawValue }
}
