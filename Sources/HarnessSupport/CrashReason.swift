/// Why the real app would crash where the harness reports `app.crash` instead.
public enum CrashReason: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Tracking was requested without `NSUserTrackingUsageDescription` in the Info.plist.
    case trackingUsageDescriptionMissing
    /// The ad SDK was started without `GADApplicationIdentifier` in the Info.plist.
    case adApplicationIdentifierMissing

    /// What the real system does, in one line.
    public var description: String {
        switch self {
        case .trackingUsageDescriptionMissing: "tracking requested without \(InfoPlist.trackingUsageDescriptionKey) in Info.plist"
        case .adApplicationIdentifierMissing: "ad SDK started without \(InfoPlist.adApplicationIdentifierKey) in Info.plist"
        }
    }
}
