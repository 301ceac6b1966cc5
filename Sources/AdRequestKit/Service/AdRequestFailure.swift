/// Why ``AdsService/requestAd(_:completion:)`` produced no ad.
public enum AdRequestFailure: Error, Hashable, Sendable {
    /// The app refused to send the request; nothing reached the ad SDK.
    case refused(AdRequestRefusal)
    /// The ad SDK was asked and failed (or did not answer in time).
    case loadFailed(AdsFlowError)
}
