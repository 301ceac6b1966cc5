/// The ad SDK: started once, then asked to load ads.
///
/// Contract: the clauses of `AdSDKContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `ads.request-reaches-sdk-intact` (port-only): an ad request reaches the SDK with its ad unit and extras intact (npa=1 kept).
/// - `ads.load-completes-once` (port-only): every ad load calls its completion exactly once, with an ad or an error.
/// - `ads.start-completes-once` (port-only): starting the SDK calls its completion exactly once.
/// - `ads.load-error-reaches-completion` (world-control): a failed load reaches the completion as that error.
/// - `ads.configuration-reaches-sdk-intact` (port-only): a request configuration set on the SDK is the one it holds, every tag and collection setting kept.
public protocol AdSDK: Sendable {
    /// Starts the SDK; call once the tracking status is decided, so it does not cache a zero identifier.
    func start(completion: @escaping @Sendable () -> Void)

    /// Loads an ad for the request.
    func loadAd(_ request: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void)

    /// Sets the audience tags every later request carries; set them before ``start(completion:)``,
    /// as the ad SDK asks, so that no request goes out without them.
    func setRequestConfiguration(_ configuration: AdRequestConfiguration)

    /// The request configuration the SDK holds now.
    var requestConfiguration: AdRequestConfiguration { get }

    /// Starts the SDK and waits until it is ready: the SDK's async form of the start.
    func start() async

    /// Loads an ad and waits for it: the SDK's async form of a full-screen ad's load.
    func loadAd(_ request: AdRequest) async throws(AdLoadError) -> LoadedAd

    /// Presents a loaded full-screen ad over the app; completes once the user dismissed it, or at
    /// once with the error that kept it from showing. A full-screen ad shows once.
    func presentAd(_ ad: LoadedAd, completion: @escaping @Sendable (AdPresentationError?) -> Void)

    /// Presents a loaded full-screen ad and waits until the user dismissed it.
    func presentAd(_ ad: LoadedAd) async throws(AdPresentationError)
}

extension AdSDK {
    /// Keeps nothing, so a conformance written before the tags existed still compiles; an adapter
    /// over a real SDK must forward it (the contract clause `ads.configuration-reaches-sdk-intact`
    /// fails one that keeps this default).
    public func setRequestConfiguration(_ configuration: AdRequestConfiguration) {}

    /// No tag, as an SDK that keeps none holds.
    public var requestConfiguration: AdRequestConfiguration { AdRequestConfiguration() }

    /// Waits for the completion form; resuming twice traps, as the SDK's async form does.
    public func start() async {
        await withCheckedContinuation { continuation in start { continuation.resume() } }
    }

    /// Shows nothing: an SDK adapter written before full-screen ads must forward it to present
    /// any (the ad is reported not ready).
    public func presentAd(_ ad: LoadedAd, completion: @escaping @Sendable (AdPresentationError?) -> Void) { completion(.adNotReady) }

    /// Waits for the completion form's result; resuming twice traps, as the SDK's async form does.
    public func presentAd(_ ad: LoadedAd) async throws(AdPresentationError) {
        let error: AdPresentationError? = await withCheckedContinuation { continuation in
            presentAd(ad) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    /// Waits for the completion form's result; resuming twice traps, as the SDK's async form does.
    public func loadAd(_ request: AdRequest) async throws(AdLoadError) -> LoadedAd {
        let result: Result<LoadedAd, AdLoadError> = await withCheckedContinuation { continuation in
            loadAd(request) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}

/// An ad the SDK loaded.
public struct LoadedAd: Hashable, Sendable {
    /// The ad unit it was loaded for.
    public var adUnitID: String
    /// The SDK's identifier for the response.
    public var responseID: String
    /// The format it was loaded as.
    public var format: AdFormat

    /// An ad the ad SDK loaded for an ad unit, with the response identifier the app reports problems by.
    public init(adUnitID: String, responseID: String, format: AdFormat = .banner) {
        self.adUnitID = adUnitID
        self.responseID = responseID
        self.format = format
    }
}
