/// A change the user makes in the Settings app to tracking and the advertising identifier: the app's
/// own toggle and the system's switches (location has ``LocationSettingsChange``).
public enum TrackingSettingsChange: Hashable, Sendable, CustomStringConvertible {
    /// The app's own tracking toggle.
    case tracking(allowed: Bool)
    /// The system-wide "allow apps to request to track" switch.
    case allowAppsToRequestToTrack(Bool)
    /// A management profile restricts tracking, or no longer does.
    case trackingRestricted(Bool)
    /// The "limit ad tracking" switch of OS versions before 14.
    case limitAdTracking(Bool)

    /// `tracking=denied`, `allowAppsToRequestToTrack=false`...
    public var description: String {
        switch self {
        case .tracking(let allowed): "tracking=\(allowed ? "authorized" : "denied")"
        case .allowAppsToRequestToTrack(let on): "allowAppsToRequestToTrack=\(on)"
        case .trackingRestricted(let on): "trackingRestricted=\(on)"
        case .limitAdTracking(let on): "limitAdTracking=\(on)"
        }
    }
}
