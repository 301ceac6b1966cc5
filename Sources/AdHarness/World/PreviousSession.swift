import AdRequestKit
import MockAdNetwork

/// What earlier sessions of the app left on the device.
public struct PreviousSession: Hashable, Sendable {
    /// The OS's stored tracking answer; `restricted` means a restricted device.
    public var tracking: TrackingAuthorizationStatus
    /// The consent SDK's cached consent status.
    public var consent: UserConsentStatus
    /// The app's persisted `shouldUseNPA` flag, if it stored one.
    public var shouldUseNPA: Bool?
    /// The legacy consent SDK's stored choice (legacy profile).
    public var legacyConsent: LegacyConsentStatus
    /// The app's stored "use personalized ads" preference (legacy profile), if it stored one.
    public var usePersonalizedAds: Bool?
    /// What the user chose in the earlier session's consent form, written as TCF signals when
    /// consent is `obtained`; `nil` means everything was accepted.
    public var consentChoices: ConsentChoices?
    /// How long before the run the obtained consent was decided: its TC string carries that date,
    /// and a decision older than the consent SDK's lifetime is asked again. Zero: decided at the start.
    public var consentAge: Duration = .zero
    /// Whether the consent SDK's last answer required a privacy-options entry point (`unknown`: it
    /// stored none). The update restores it at once, as it restores the consent status.
    public var privacyOptions: PrivacyOptionsRequirement = .unknown
    /// GDPR decisions the user took in the publisher's other apps, stored by the consent service
    /// under their consent sync identifier: an update sending one of them restores its decision.
    public var syncedConsent: [String: ConsentChoices] = [:]
    /// A GPP string another CMP stored (`IABGPP_HDR_GppString`, with its section ids in
    /// `IABGPP_GppSID`), a US state section's for instance; nil: none.
    public var gppString: String?

    /// Creates a previous session; the default is a fresh install.
    public init(
        tracking: TrackingAuthorizationStatus = .notDetermined,
        consent: UserConsentStatus = .unknown,
        shouldUseNPA: Bool? = nil,
        legacyConsent: LegacyConsentStatus = .unknown,
        usePersonalizedAds: Bool? = nil,
        consentChoices: ConsentChoices? = nil
    ) {
        self.consentChoices = consentChoices
        self.tracking = tracking
        self.consent = consent
        self.shouldUseNPA = shouldUseNPA
        self.legacyConsent = legacyConsent
        self.usePersonalizedAds = usePersonalizedAds
    }

    /// A fresh install: nothing stored.
    public static let freshInstall = PreviousSession()
}
