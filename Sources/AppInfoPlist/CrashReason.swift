/// Why the real app would crash where the harness reports `app.crash` instead.
public enum CrashReason: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Tracking was requested without `NSUserTrackingUsageDescription` in the Info.plist.
    case trackingUsageDescriptionMissing
    /// The ad SDK was started without `GADApplicationIdentifier` in the Info.plist.
    case adApplicationIdentifierMissing
    /// An awaited SDK or OS call's completion came twice: the continuation behind the async form
    /// is resumed twice, which traps.
    case continuationResumedTwice

    /// The Info.plist key whose absence is the crash, if the crash is a missing key.
    public var key: InfoPlistKey? {
        switch self {
        case .trackingUsageDescriptionMissing: .trackingUsageDescription
        case .adApplicationIdentifierMissing: .adApplicationIdentifier
        case .continuationResumedTwice: nil
        }
    }

    /// What the real system does, in one line.
    public var description: String {
        switch self {
        case .trackingUsageDescriptionMissing: "tracking requested without \(InfoPlistKey.trackingUsageDescription.name) in Info.plist"
        case .adApplicationIdentifierMissing: "ad SDK started without \(InfoPlistKey.adApplicationIdentifier.name) in Info.plist"
        case .continuationResumedTwice: "an awaited call's completion came twice: its continuation was resumed twice"
        }
    }
}
