/// The OS's answer to "may this app track the user across other companies' apps and websites?".
///
/// Raw values are the OS's own, so an adapter converts one to one.
public struct TrackingAuthorizationStatus: OpenStatus {
    /// The OS's raw value.
    public let rawValue: UInt

    /// Creates the status for any raw value, known or not.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The user has not been asked yet (or dismissed the prompt without answering).
    public static let notDetermined = Self(rawValue: 0)
    /// The device does not allow tracking (a managed device or account); the OS never prompts.
    public static let restricted = Self(rawValue: 1)
    /// The user refused tracking, or the system-wide "allow apps to request to track" switch is off.
    public static let denied = Self(rawValue: 2)
    /// The user allowed tracking.
    public static let authorized = Self(rawValue: 3)

    /// The four values the OS documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.notDetermined, "notDetermined"), (.restricted, "restricted"), (.denied, "denied"), (.authorized, "authorized"),
    ]
}
