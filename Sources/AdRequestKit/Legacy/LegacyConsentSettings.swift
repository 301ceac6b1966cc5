/// How an app on the legacy consent SDK is set up.
public struct LegacyConsentSettings: Hashable, Sendable {
    /// The app's publisher identifiers, sent with every update.
    package var publisherIdentifiers: [String]
    /// The app's privacy policy, shown in the form; a form cannot be made without a valid URL.
    package var privacyPolicyURL: String
    /// What the form offers.
    package var offers: LegacyFormOffers
    /// Debug geography and debug devices.
    package var debug: LegacyDebugSettings
    /// Where the app keeps its "use personalized ads" preference.
    package var usePersonalizedAdsKey: String
    /// Where the app keeps whether the user prefers the ad-free version.
    package var prefersAdFreeKey: String

    /// Creates settings; the defaults are a sample publisher and privacy policy, and the real SDK's offers.
    package init(
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
    package var status: LegacyConsentStatus
    /// Whether the last update placed the user in the EEA or somewhere unknown.
    package var inEEAOrUnknown: Bool
    /// The app's "use personalized ads" preference.
    package var usePersonalizedAds: Bool
    /// Whether the user chose the ad-free version in the form; the app must offer it.
    package var prefersAdFree: Bool

    /// What the legacy consent SDK and the app's stored preference say at one moment, for the decision table.
    package init(status: LegacyConsentStatus, inEEAOrUnknown: Bool, usePersonalizedAds: Bool, prefersAdFree: Bool) {
        self.status = status
        self.inEEAOrUnknown = inEEAOrUnknown
        self.usePersonalizedAds = usePersonalizedAds
        self.prefersAdFree = prefersAdFree
    }
}
