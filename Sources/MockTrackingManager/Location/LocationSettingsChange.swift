import AdRequestKit

/// A change the user makes in the Settings app that touches location authorization.
public enum LocationSettingsChange: Hashable, Sendable, CustomStringConvertible {
    /// Location Services on or off system-wide.
    case servicesEnabled(Bool)
    /// Restrictions on location set or lifted.
    case restricted(Bool)
    /// The app's own access: "Never" (`denied`), "Ask Next Time" (`notDetermined`), "While Using"
    /// (`authorizedWhenInUse`) or "Always" (`authorizedAlways`).
    case appAccess(LocationAuthorizationStatus)
    /// The app's "Precise Location" switch.
    case preciseLocation(Bool)

    /// `locationServicesEnabled=false`, `locationAccess=denied`...
    public var description: String {
        switch self {
        case .servicesEnabled(let on): "locationServicesEnabled=\(on)"
        case .restricted(let on): "locationRestricted=\(on)"
        case .appAccess(let status): "locationAccess=\(status)"
        case .preciseLocation(let on): "preciseLocation=\(on)"
        }
    }
}
