import StandInRuntime

extension RuleID {
    /// Failed ad loads are not retried at once, again and again.
    public static let adLoadsBackOff = RuleID(declaring: "adLoadsBackOff")
}

extension RuleDescriptor {
    static let adLoadsBackOff = RuleDescriptor(
        id: .adLoadsBackOff,
        authority: .guidance,
        on: [.adsRequest],
        rule: "failed ad loads are not retried at once, again and again (a request storm)",
        definition: """
            A request the app makes on its own for an ad unit within 2 s of virtual time after that unit's last failed \
            load, in the same process (no ad of the unit loaded in between), is a retry at once. Broken by the third such \
            retry of one unit in a row. Each unit counts alone, as the ad SDK throttles each unit alone: loads of other \
            units, however many, are no retries; and a new process starts afresh (the SDK's memory of failures, and the \
            app's retry loop, end with the process). A request that answers the user's own \
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
            guard event.name == .adsRequest, retries.userAdAsksUnanswered == 0, let failed = retries.failedLoads[AdLoadRetries.unit(of: event)],
                failed.isImmediateRetry(event)
            else { return false }
            return failed.immediateRetries + 1 >= AdLoadRetries.stormRetries
        }
    )
}

/// What ``RuleID/adLoadsBackOff`` keeps in a process: each ad unit's failed loads since its last ad
/// that loaded, and the user's own asks for an ad not answered yet.
struct AdLoadRetries: Hashable, Sendable {
    /// For each ad unit, since its last ad that loaded in this process: when its last load failed,
    /// and how many of its requests in a row followed a failure at once.
    var failedLoads: [String: FailedLoads] = [:]
    /// The user's own asks for an ad (`requestAd` steps, and `requestTracking` then an ad) that no
    /// request has answered yet in this process: the next requests are the user's, not the app's.
    var userAdAsksUnanswered = 0

    /// The ad unit a request, a loaded ad or a failed load is for (`""` where an event names none).
    static func unit(of event: TraceEvent) -> String { event["adUnit"] ?? "" }

    /// A request made this soon after the last failed load of its unit is a retry at once.
    static let retryWindow = Duration.seconds(2)
    /// The retries at once that make a storm: the third one breaks ``RuleID/adLoadsBackOff``.
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
            } else if var failed = failedLoads[Self.unit(of: event)] {
                failed.immediateRetries = failed.isImmediateRetry(event) ? failed.immediateRetries + 1 : 0
                failedLoads[Self.unit(of: event)] = failed
            }
        case .adsLoaded: failedLoads[Self.unit(of: event)] = nil
        case .adsLoadFailed:
            let unit = Self.unit(of: event)
            failedLoads[unit] = FailedLoads(lastFailure: event.time, immediateRetries: failedLoads[unit]?.immediateRetries ?? 0)
        case .appLaunch, .appTerminate, .appCrash:
            // A new process: its retries start afresh.
            userAdAsksUnanswered = 0
            failedLoads = [:]
        case .runFinish: userAdAsksUnanswered = 0
        default: break
        }
    }

    /// The state without the time of the last failure, for the explorer's state comparison.
    var withoutTimes: AdLoadRetries {
        var retries = self
        retries.failedLoads = failedLoads.mapValues { FailedLoads(lastFailure: .zero, immediateRetries: $0.immediateRetries) }
        return retries
    }
}
