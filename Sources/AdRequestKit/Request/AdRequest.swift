/// An ad request as the app hands it to the ad SDK.
public struct AdRequest: Hashable, Sendable {
    /// The key of the non-personalized-ads extra.
    public static let nonPersonalizedKey = "npa"

    /// The ad unit to load.
    public var adUnitID: String
    /// Extra parameters for the ad network, as string pairs (`npa=1`).
    public var extras: [String: String]

    /// Creates a request; use ``AdRequestBuilder`` so `npa` follows the decision.
    public init(adUnitID: String, extras: [String: String] = [:]) {
        self.adUnitID = adUnitID
        self.extras = extras
    }

    /// Whether the request asks for non-personalized ads (`npa=1`).
    public var isNonPersonalized: Bool { extras[Self.nonPersonalizedKey] == "1" }
}
