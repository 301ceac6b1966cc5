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
    /// Where the OS places the device for its EU rules on the tracking prompt (from 27.2).
    public var trackingPromptRegion: TrackingPromptRegion

    /// Creates settings; the defaults are a current OS with tracking requests allowed, outside the EU.
    public init(
        osVersion: OSVersion = "18.0",
        allowAppsToRequestToTrack: Bool = true,
        trackingRestricted: Bool = false,
        limitAdTracking: Bool = false,
        trackingPromptRegion: TrackingPromptRegion = .outsideEU
    ) {
        self.osVersion = osVersion
        self.allowAppsToRequestToTrack = allowAppsToRequestToTrack
        self.trackingRestricted = trackingRestricted
        self.limitAdTracking = limitAdTracking
        self.trackingPromptRegion = trackingPromptRegion
    }
}

/// The tracking answer the OS stores for the installed app.
package enum StoredTrackingAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// Never answered (or the app was reinstalled).
    case none
    /// The user allowed tracking.
    case allowed
    /// The user asked the app not to track.
    case denied
}

/// How the scripted user answers the tracking prompt.
///
/// The alert has two buttons and no way to close it unanswered. It goes away unanswered only when
/// the system takes it away: the user leaves the app while it is up (``leaveApp``), or, on the
/// expanded sheet of OS 27.2 in the EU, the user taps Additional Information (``additionalInformation``).
public enum TrackingPromptAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// "Allow".
    case allow
    /// "Ask App Not to Track".
    case deny
    /// The user leaves the app while the prompt is up: the system takes the prompt away, and the
    /// request completes with the status unchanged (`notDetermined` on a first ask). The user comes
    /// back when the scenario says so (the `foreground` step).
    case leaveApp
    /// The expanded sheet's Additional Information button (OS 27.2, EU): the sheet goes away
    /// without an answer, the app's action runs, the request completes with the status unchanged.
    case additionalInformation

    /// The answers the two-button alert allows: every one but ``additionalInformation``.
    public static let alertAnswers: [Self] = [.allow, .deny, .leaveApp]
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
package enum AppState: String, CaseIterable, Hashable, Sendable, Codable {
    /// In the foreground, nothing over it.
    case active
    /// In the foreground behind a system alert, or launching.
    case inactive
    /// Not on screen.
    case background
}
