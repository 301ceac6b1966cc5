/// Why the real app would crash where the harness reports `app.crash` instead.
public enum CrashReason: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Tracking was requested without `NSUserTrackingUsageDescription` in the Info.plist.
    case trackingUsageDescriptionMissing
    /// The ad SDK was started without `GADApplicationIdentifier` in the Info.plist.
    case adApplicationIdentifierMissing
    /// An awaited SDK or OS call's completion came twice: the continuation behind the async form
    /// is resumed twice, which traps.
    ///
    /// No longer recorded: the ports' async forms take the first completion and drop the second, as
    /// the duplicate is the SDK's fault. Kept so that a fixture naming it still decodes.
    case continuationResumedTwice
    /// The app's own code trapped (a force unwrap of `nil`, a failed precondition, `fatalError`): the
    /// worker process running it died by a signal, and its message names the trap.
    case trap
    /// The app stopped answering (blocked waiting for work only it could do, or spinning): the
    /// supervisor ended the worker running it, as the system's watchdog ends such an app.
    case watchdog

    /// The Info.plist key whose absence is the crash, if the crash is a missing key.
    public var key: InfoPlistKey? {
        switch self {
        case .trackingUsageDescriptionMissing: .trackingUsageDescription
        case .adApplicationIdentifierMissing: .adApplicationIdentifier
        case .continuationResumedTwice, .trap, .watchdog: nil
        }
    }

    /// What the real system does, in one line.
    public var description: String {
        switch self {
        case .trackingUsageDescriptionMissing: "tracking requested without \(InfoPlistKey.trackingUsageDescription.name) in Info.plist"
        case .adApplicationIdentifierMissing: "ad SDK started without \(InfoPlistKey.adApplicationIdentifier.name) in Info.plist"
        case .continuationResumedTwice: "an awaited call's completion came twice: its continuation was resumed twice"
        case .trap: "the app's code trapped, and the process died"
        case .watchdog: "the app stopped responding, and the watchdog ended it"
        }
    }
}
