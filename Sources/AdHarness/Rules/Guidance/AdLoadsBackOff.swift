import StandInRuntime

extension Invariant {
    /// Failed ad loads are not retried at once, again and again.
    public static let adLoadsBackOff = Invariant(declaring: "adLoadsBackOff")
}

extension RuleDescriptor {
    static let adLoadsBackOff = RuleDescriptor(
        id: .adLoadsBackOff,
        authority: .guidance,
        on: [.adsRequest],
        rule: "failed ad loads are not retried at once, again and again (a request storm)",
        definition: """
            A request the app makes on its own within 2 s of virtual time after the last failed load (no ad loaded in \
            between) is a retry at once. Broken by the third such retry in a row. A request that answers the user's own \
            ask (each `requestAd` step, or `requestTracking` then an ad, is answered by the next request) is no retry \
            of the app's: a user who taps again after a failure is not the app's storm, and Google's advice is about \
            the app's own reloads (from the failure handler). The bound is the harness's reading of "a few seconds": \
            the ad SDK itself refuses requests for a unit with too many recent failures, and Google asks apps to limit \
            retries.
            """,
        source: """
            Google, https://developers.google.com/admob/ios/interstitial (loading a new ad from the failure handler is \
            strongly discouraged; limit retries); the SDK's own error "Too many recently failed requests for ad unit ID: \
            ... You must wait a few seconds before making another ad request." \
            (https://github.com/googleads/googleads-mobile-ios-examples/issues/531)
            """,
        state: AdLoadRetries(),
        learnsFrom: [.step, .adsRequest, .adsLoaded, .adsLoadFailed, .appLaunch, .appTerminate, .appCrash, .runFinish],
        update: { retries, event, _ in retries.update(with: event) },
        comparedAt: { retries, _ in retries.withoutTimes },
        breaks: { event, retries, _ in
            guard event.name == .adsRequest, retries.userAdAsksUnanswered == 0, let failed = retries.failedLoads,
                failed.isImmediateRetry(event)
            else { return false }
            return failed.immediateRetries + 1 >= AdLoadRetries.stormRetries
        }
    )
}

/// What ``Invariant/adLoadsBackOff`` keeps: the failed loads since the last ad that loaded, and the
/// user's own asks for an ad not answered yet.
struct AdLoadRetries: Hashable, Sendable {
    /// Since the last ad that loaded: when the last load failed, and how many requests in a row
    /// followed a failure at once. (The SDK's failure event names no ad unit, so units share it.)
    var failedLoads: FailedLoads?
    /// The user's own asks for an ad (`requestAd` steps, and `requestTracking` then an ad) that no
    /// request has answered yet in this process: the next requests are the user's, not the app's.
    var userAdAsksUnanswered = 0

    /// A request made this soon after the last failed load of its unit is a retry at once.
    static let retryWindow = Duration.seconds(2)
    /// The retries at once that make a storm: the third one breaks ``Invariant/adLoadsBackOff``.
    static let stormRetries = 3

    /// Failed loads since the last ad that loaded.
    struct FailedLoads: Hashable, Sendable {
        /// When the last load failed.
        var lastFailure: Duration
        /// Requests made within ``AdLoadRetries/retryWindow`` of a failure, in a row.
        var immediateRetries: Int

        /// Whether a request follows the last failed load at once.
        func isImmediateRetry(_ request: TraceEvent) -> Bool { request.time - lastFailure <= AdLoadRetries.retryWindow }
    }

    /// The state after an event.
    mutating func update(with event: TraceEvent) {
        switch event.name {
        case .step:
            if event.isStep(.requestAd) || event.isStep(.requestTracking) && event[.detail] == "thenRequestAd" {
                userAdAsksUnanswered += 1
            }
        case .adsRequest:
            if userAdAsksUnanswered > 0 {
                // The user's own ask: no retry of the app's, and no pause in its retries either.
                userAdAsksUnanswered -= 1
            } else if var failed = failedLoads {
                failed.immediateRetries = failed.isImmediateRetry(event) ? failed.immediateRetries + 1 : 0
                failedLoads = failed
            }
        case .adsLoaded: failedLoads = nil
        case .adsLoadFailed: failedLoads = FailedLoads(lastFailure: event.time, immediateRetries: failedLoads?.immediateRetries ?? 0)
        case .appLaunch, .appTerminate, .appCrash, .runFinish: userAdAsksUnanswered = 0
        default: break
        }
    }

    /// The state without the time of the last failure, for the explorer's state comparison.
    var withoutTimes: AdLoadRetries {
        var retries = self
        retries.failedLoads = failedLoads.map { FailedLoads(lastFailure: .zero, immediateRetries: $0.immediateRetries) }
        return retries
    }
}
