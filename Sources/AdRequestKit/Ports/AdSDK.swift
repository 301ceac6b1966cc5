/// The ad SDK: started once, then asked to load ads.
public protocol AdSDK: Sendable {
    /// Starts the SDK; call once the tracking status is decided, so it does not cache a zero identifier.
    func start(completion: @escaping @Sendable () -> Void)

    /// Loads an ad for the request.
    func loadAd(_ request: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void)
}

/// An ad the SDK loaded.
public struct LoadedAd: Hashable, Sendable {
    /// The ad unit it was loaded for.
    public var adUnitID: String
    /// The SDK's identifier for the response.
    public var responseID: String

    /// Creates a loaded ad.
    public init(adUnitID: String, responseID: String) {
        self.adUnitID = adUnitID
        self.responseID = responseID
    }
}
