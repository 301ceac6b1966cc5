/// The ad SDK: started once, then asked to load ads.
///
/// Contract: the clauses of `AdSDKContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `ads.request-reaches-sdk-intact` (port-only): an ad request reaches the SDK with its ad unit and extras intact (npa=1 kept).
/// - `ads.load-completes-once` (port-only): every ad load calls its completion exactly once, with an ad or an error.
/// - `ads.start-completes-once` (port-only): starting the SDK calls its completion exactly once.
/// - `ads.load-error-reaches-completion` (world-control): a failed load reaches the completion as that error.
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
