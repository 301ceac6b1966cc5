import AdRequestKit
import StandInRuntime

/// How long the simulated user looks at a full-screen ad before closing it (`User.fullScreenAdWatchTime`).
package let userWatchesFullScreenAdFor: Duration = .seconds(5)

extension SimulatedAdSDK {

    /// Presents a loaded full-screen ad: `ads.present`, then, once the user has watched it, the
    /// reward of a rewarded ad (`ads.reward`) and the dismissal (`ads.dismiss`) with the completion.
    /// An ad this SDK did not load as full-screen is not ready; a second present fails, used.
    package func presentAd(_ ad: LoadedAd, completion: @escaping @Sendable (AdPresentationError?) -> Void) {
        guard process.answersCalls else { return }
        let trace = process.trace
        let error: AdPresentationError? = state.withLock { state in
            guard let presented = state.fullScreenAds[ad.responseID] else { return .adNotReady }
            guard !presented else { return .adAlreadyUsed }
            state.fullScreenAds[ad.responseID] = true
            state.fullScreenAdsOnScreen += 1
            return nil
        }
        let fields = [EventField("response", ad.responseID), EventField("format", ad.format.rawValue)]
        if let error {
            trace.record(.adsPresentFailed, fields + [EventField(.error, error.description)])
            process.delivery.deliver("ads.present completion", timing: .immediate) { completion(error) }
            return
        }
        trace.record(.adsPresent, fields)
        process.scheduleUserAnswer(after: userWatchesFullScreenAdFor, label: "full-screen ad closed by the user") { [state] in
            state.withLock { $0.fullScreenAdsOnScreen -= 1 }
            if ad.format == .rewarded { trace.record(.adsReward, fields) }
            trace.record(.adsDismiss, fields)
            completion(nil)
        }
    }

    /// Whether a full-screen ad is on screen: it covers the app, whose own controls the user cannot reach until it is closed.
    package var isFullScreenAdOnScreen: Bool { state.withLock { $0.fullScreenAdsOnScreen > 0 } }

    /// Presents a loaded full-screen ad and waits until the user dismissed it.
    package func presentAd(_ ad: LoadedAd) async throws(AdPresentationError) {
        try await process.awaitSuccess(of: "ads.present") { done in presentAd(ad, completion: done) }
    }
}
