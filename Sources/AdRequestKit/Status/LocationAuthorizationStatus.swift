/// The OS's location authorization for the app, with the OS's raw values.
///
/// Maps one to one onto Core Location's `CLAuthorizationStatus` (a 32-bit integer enum).
public struct LocationAuthorizationStatus: OpenStatus {
    /// The OS's raw value.
    public let rawValue: Int32

    /// Creates the status for any raw value, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not asked yet, or an "Allow Once" grant has run out.
    public static let notDetermined = Self(rawValue: 0)
    /// Restrictions (parental controls, device management) forbid location; the user cannot change it.
    public static let restricted = Self(rawValue: 1)
    /// The user refused, or location services are off system-wide.
    public static let denied = Self(rawValue: 2)
    /// Allowed at any time, in the background too.
    public static let authorizedAlways = Self(rawValue: 3)
    /// Allowed while the app is in use.
    public static let authorizedWhenInUse = Self(rawValue: 4)

    /// The five values the OS documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.notDetermined, "notDetermined"), (.restricted, "restricted"), (.denied, "denied"),
        (.authorizedAlways, "authorizedAlways"), (.authorizedWhenInUse, "authorizedWhenInUse"),
    ]

    /// Whether locations may be used now (always or while in use); an unknown value counts as not.
    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}
