/// An ad request as the app hands it to the ad SDK.
public struct AdRequest: Hashable, Sendable {
    /// The key of the non-personalized-ads extra.
    public static let nonPersonalizedKey = "npa"

    /// The ad unit to load.
    public var adUnitID: String
    /// Extra parameters for the ad network, as string pairs (`npa=1`).
    public var extras: [String: String]
    /// The ad's format: a banner, or a full-screen ad the app presents.
    public var format: AdFormat

    /// Creates a request; use ``AdRequestBuilder`` so `npa` follows the decision.
    public init(adUnitID: String, extras: [String: String] = [:], format: AdFormat = .banner) {
        self.adUnitID = adUnitID
        self.extras = extras
        self.format = format
    }

    /// Whether the request asks for non-personalized ads (`npa=1`).
    public var isNonPersonalized: Bool { extras[Self.nonPersonalizedKey] == "1" }
}
