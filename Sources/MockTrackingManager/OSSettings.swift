import AdRequestKit

/// The device's system-wide settings that tracking depends on.
public struct OSSettings: Hashable, Sendable {
    /// The OS version, which selects version-specific behaviour.
    public var osVersion: OSVersion
    /// The system-wide "allow apps to request to track" switch.
    public var allowAppsToRequestToTrack: Bool
    /// A managed device or account that does not allow tracking: the status is `restricted`.
    public var trackingRestricted: Bool
    /// The "limit ad tracking" switch of OS versions before 14.
    public var limitAdTracking: Bool

    /// Creates settings; the defaults are a current OS with tracking requests allowed.
    public init(
        osVersion: OSVersion = "18.0",
        allowAppsToRequestToTrack: Bool = true,
        trackingRestricted: Bool = false,
        limitAdTracking: Bool = false
    ) {
        self.osVersion = osVersion
        self.allowAppsToRequestToTrack = allowAppsToRequestToTrack
        self.trackingRestricted = trackingRestricted
        self.limitAdTracking = limitAdTracking
    }
}

/// The tracking answer the OS stores for the installed app.
public enum StoredTrackingAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// Never answered (or the app was reinstalled).
    case none
    /// The user allowed tracking.
    case allowed
    /// The user asked the app not to track.
    case denied
}

/// How the scripted user answers the tracking prompt.
public enum TrackingPromptAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// "Allow".
    case allow
    /// "Ask App Not to Track".
    case deny
    /// The prompt goes away without an answer (the status stays `notDetermined`).
    case dismiss
}

/// Why the OS answered a tracking request at once, without a prompt.
public enum TrackingNoPromptReason: String, CaseIterable, Hashable, Sendable, Codable {
    /// Before OS 14 there is no prompt.
    case noPromptBefore14
    /// The device restricts tracking.
    case restricted
    /// The user answered before.
    case storedAnswer
    /// "Allow Apps to Request to Track" is off.
    case systemSwitchOff
    /// Another system prompt is on screen (so the app is not active).
    case anotherPromptOnScreen
    /// The app is not active.
    case appNotActive

    /// Whether the OS ignored the request only because the app was not active: it must be asked again.
    public var meansAppWasInactive: Bool { self == .anotherPromptOnScreen || self == .appNotActive }
}

/// The app's foreground state.
public enum AppState: String, CaseIterable, Hashable, Sendable, Codable {
    /// In the foreground, nothing over it.
    case active
    /// In the foreground behind a system alert, or launching.
    case inactive
    /// Not on screen.
    case background
}
