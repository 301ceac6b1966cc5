/// Why the real app would crash where the harness reports `app.crash` instead.
public enum CrashReason: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Tracking was requested without `NSUserTrackingUsageDescription` in the Info.plist.
    case trackingUsageDescriptionMissing
    /// The ad SDK was started without `GADApplicationIdentifier` in the Info.plist.
    case adApplicationIdentifierMissing

    /// The Info.plist key whose absence is the crash.
    public var key: InfoPlistKey {
        switch self {
        case .trackingUsageDescriptionMissing: .trackingUsageDescription
        case .adApplicationIdentifierMissing: .adApplicationIdentifier
        }
    }

    /// What the real system does, in one line.
    public var description: String {
        switch self {
        case .trackingUsageDescriptionMissing: "tracking requested without \(key.name) in Info.plist"
        case .adApplicationIdentifierMissing: "ad SDK started without \(key.name) in Info.plist"
        }
    }
}
