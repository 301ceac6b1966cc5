/// Builds ad requests whose `npa` extra follows the decision, whatever the caller added.
public struct AdRequestBuilder: Hashable, Sendable {
    /// The ad unit to load.
    public var adUnitID: String
    /// The caller's extras; any `npa` among them is replaced by the decision's.
    public var extras: [String: String]

    /// Starts a request for an ad unit.
    public init(adUnitID: String, extras: [String: String] = [:]) {
        self.adUnitID = adUnitID
        self.extras = extras
    }

    /// Adds an extra parameter.
    public func extra(_ key: String, _ value: String) -> Self {
        var copy = self
        copy.extras[key] = value
        return copy
    }

    /// The request for a decision: `npa=1` present exactly when the decision asks for non-personalized ads.
    public func build(for decision: AdServingDecision) -> AdRequest {
        build(for: decision, audience: AdRequestConfiguration())
    }

    /// The request for a decision under the ad SDK's audience tags: `npa=1` present exactly when the
    /// decision asks for non-personalized ads or a tag rules personalized ads out (child-directed,
    /// under the age of consent, child age treatment).
    public func build(for decision: AdServingDecision, audience: AdRequestConfiguration) -> AdRequest {
        var extras = extras
        extras[AdRequest.nonPersonalizedKey] = decision.shouldUseNPA || audience.forbidsPersonalizedAds ? "1" : nil
        return AdRequest(adUnitID: adUnitID, extras: extras)
    }
}
