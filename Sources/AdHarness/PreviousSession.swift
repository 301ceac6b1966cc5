import AdRequestKit

/// What earlier sessions of the app left on the device.
public struct PreviousSession: Hashable, Sendable {
    /// The OS's stored tracking answer; `restricted` means a restricted device.
    public var tracking: TrackingAuthorizationStatus
    /// The consent SDK's cached consent status.
    public var consent: UserConsentStatus
    /// The app's persisted `shouldUseNPA` flag, if it stored one.
    public var shouldUseNPA: Bool?

    /// Creates a previous session; the default is a fresh install.
    public init(tracking: TrackingAuthorizationStatus = .notDetermined, consent: UserConsentStatus = .unknown, shouldUseNPA: Bool? = nil) {
        self.tracking = tracking
        self.consent = consent
        self.shouldUseNPA = shouldUseNPA
    }

    /// A fresh install: nothing stored.
    public static let freshInstall = PreviousSession()
}
