/// How an app on the legacy consent SDK is set up.
public struct LegacyConsentSettings: Hashable, Sendable {
    /// The app's publisher identifiers, sent with every update.
    public var publisherIdentifiers: [String]
    /// The app's privacy policy, shown in the form; a form cannot be made without a valid URL.
    public var privacyPolicyURL: String
    /// What the form offers.
    public var offers: LegacyFormOffers
    /// Debug geography and debug devices.
    public var debug: LegacyDebugSettings
    /// Where the app keeps its "use personalized ads" preference.
    public var usePersonalizedAdsKey: String
    /// Where the app keeps whether the user prefers the ad-free version.
    public var prefersAdFreeKey: String

    /// Creates settings; the defaults are a sample publisher and privacy policy, and the real SDK's offers.
    public init(
        publisherIdentifiers: [String] = ["pub-3940256099942544"],
        privacyPolicyURL: String = "https://example.com/privacy",
        offers: LegacyFormOffers = LegacyFormOffers(),
        debug: LegacyDebugSettings = LegacyDebugSettings(),
        usePersonalizedAdsKey: String = "ads.usePersonalizedAds",
        prefersAdFreeKey: String = "ads.prefersAdFree"
    ) {
        self.publisherIdentifiers = publisherIdentifiers
        self.privacyPolicyURL = privacyPolicyURL
        self.offers = offers
        self.debug = debug
        self.usePersonalizedAdsKey = usePersonalizedAdsKey
        self.prefersAdFreeKey = prefersAdFreeKey
    }
}

/// The legacy profile's inputs, logged and exposed with every evaluation.
public struct LegacyConsentSnapshot: Hashable, Sendable, Codable {
    /// The SDK's status.
    public var status: LegacyConsentStatus
    /// Whether the last update placed the user in the EEA or somewhere unknown.
    public var inEEAOrUnknown: Bool
    /// The app's "use personalized ads" preference.
    public var usePersonalizedAds: Bool
    /// Whether the user chose the ad-free version in the form; the app must offer it.
    public var prefersAdFree: Bool

    /// What the legacy consent SDK and the app's stored preference say at one moment, for the decision table.
    public init(status: LegacyConsentStatus, inEEAOrUnknown: Bool, usePersonalizedAds: Bool, prefersAdFree: Bool) {
        self.status = status
        self.inEEAOrUnknown = inEEAOrUnknown
        self.usePersonalizedAds = usePersonalizedAds
        self.prefersAdFree = prefersAdFree
    }
}
