import HarnessSupport

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
        breaks: { event, facts in
            guard event.name == .adsRequest, facts.userAdAsksUnanswered == 0, let failed = facts.failedLoads,
                RunFacts.isImmediateRetry(event, after: failed)
            else { return false }
            return failed.immediateRetries + 1 >= RunFacts.adLoadsStormRetries
        }
    )
}
