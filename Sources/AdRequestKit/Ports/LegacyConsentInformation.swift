import Foundation

/// The legacy consent SDK's consent information (Google's legacy Consent SDK guide, catalogue LC1-LC9).
///
/// The app asks whether the user is in the EEA (or somewhere unknown) and, if so, shows the form
/// until a status is chosen. Unlike the current SDK, the status is read-write: the app may set it.
public protocol LegacyConsentInformation: Sendable {
    /// The user's choice.
    var consentStatus: LegacyConsentStatus { get }
    /// Whether the last update placed the request in the EEA or somewhere unknown.
    var isRequestLocationInEEAOrUnknown: Bool { get }

    /// Sets the user's choice (the real SDK's status property is writable).
    func setConsentStatus(_ status: LegacyConsentStatus)

    /// Updates the consent information for the app's publisher identifiers.
    func requestConsentInfoUpdate(
        forPublisherIdentifiers identifiers: [String],
        debug: LegacyDebugSettings,
        completion: @escaping @Sendable (LegacyConsentError?) -> Void
    )

    /// Clears the stored consent.
    func reset()
}

/// The legacy SDK's debug settings: a geography that applies only on the listed debug devices.
public struct LegacyDebugSettings: Hashable, Sendable {
    /// The geography to act as if in.
    public var geography: LegacyDebugGeography
    /// The advertising identifiers of the debug devices.
    public var deviceIdentifiers: [String]

    /// Creates settings; the default is no debugging.
    public init(geography: LegacyDebugGeography = .disabled, deviceIdentifiers: [String] = []) {
        self.geography = geography
        self.deviceIdentifiers = deviceIdentifiers
    }
}

/// Makes the legacy SDK's consent forms.
public protocol LegacyConsentFormProvider: Sendable {
    /// A form for the app's privacy policy and offers; `nil` when the address is not a valid URL.
    func makeForm(privacyPolicyURL: String, offers: LegacyFormOffers) -> (any LegacyConsentForm)?
}

/// A legacy consent form: loaded once, presented once.
public protocol LegacyConsentForm: Sendable {
    /// Loads the form.
    func load(completion: @escaping @Sendable (LegacyConsentError?) -> Void)
    /// Presents the form; on dismissal tells whether the user prefers the ad-free version.
    func present(dismissCompletion: @escaping @Sendable (LegacyConsentError?, _ userPrefersAdFree: Bool) -> Void)
}

/// What the legacy form offers the user.
public struct LegacyFormOffers: Hashable, Sendable {
    /// Offer personalized ads (the real SDK's default: yes).
    public var personalizedAds: Bool
    /// Offer non-personalized ads (default: yes).
    public var nonPersonalizedAds: Bool
    /// Offer the app's ad-free version (default: no).
    public var adFree: Bool

    /// Creates offers; the defaults are the real SDK's.
    public init(personalizedAds: Bool = true, nonPersonalizedAds: Bool = true, adFree: Bool = false) {
        self.personalizedAds = personalizedAds
        self.nonPersonalizedAds = nonPersonalizedAds
        self.adFree = adFree
    }
}
