import AdRequestKit
import StandInRuntime

extension RuleID {
    /// The ad SDK's request configuration is set before the SDK starts.
    public static let requestConfigurationBeforeStart = RuleID(declaring: "requestConfigurationBeforeStart")
}

extension RuleDescriptor {
    static let requestConfigurationBeforeStart = RuleDescriptor(
        id: .requestConfigurationBeforeStart,
        authority: .guidance,
        on: [.adsConfigure],
        rule: "no ad request goes out under audience tags other than those the app sets: the request configuration is set before the SDK starts",
        definition: """
            Broken by an `ads.configure` with `afterStart=true` (the app set the request configuration after the ad SDK \
            started in this process, explicitly or by a first ad request) when an `ads.request` of this process went out \
            since the configuration before it and the new tags differ from those that request carried: it was sent \
            under a configuration the app did not mean. Tags are compared by what they restrict: a Boolean tag left \
            unset restricts no more than `false` (unset is no indication; only `true` turns personalized ads off). \
            A configuration set after the start but before any request, or one that \
            restates the tags in force, sends no request differently and breaks nothing: Google's advice is about the \
            requests, and the harm is a request sent without the tags.
            """,
        source: """
            Google, https://developers.google.com/admob/ios/targeting (to ensure that all ad requests apply the request \
            configuration, set it before initializing the SDK)
            """,
        state: AdConfigurationInForce(),
        learnsFrom: [.adsConfigure, .adsRequest, .appLaunch, .appTerminate, .appCrash, .runFinish],
        update: { inForce, event, _ in
            switch event.name {
            case .adsConfigure: inForce = AdConfigurationInForce(tags: .of(event))
            case .adsRequest: inForce.requestSent = true
            default: inForce = AdConfigurationInForce()
            }
        },
        breaks: { event, inForce, _ in
            event.name == .adsConfigure && event[.afterStart] == true && inForce.requestSent
                && AudienceTags.of(event).asServed != inForce.tags.asServed
        }
    )
}

/// What ``RuleID/requestConfigurationBeforeStart`` keeps: the ad SDK's audience tags in force in
/// this process, and whether a request went out under them.
struct AdConfigurationInForce: Hashable, Sendable {
    /// The tags in force (those of a process that set none, until it sets some).
    var tags = AudienceTags()
    /// An ad request of this process went out under ``tags`` since they were set.
    var requestSent = false
}

/// The ad SDK's audience tags: each Boolean tag when set, and the age treatment.
struct AudienceTags: Hashable, Sendable {
    var underAgeOfConsent: Bool?
    var childDirected: Bool?
    var ageTreatment = AudienceAgeTreatment.unspecified

    /// The tags as the ad SDK applies them to a request: a Boolean tag left unset serves as
    /// `false` (no restriction), so setting it to `false` changes no request.
    var asServed: AudienceTags {
        AudienceTags(underAgeOfConsent: underAgeOfConsent ?? false, childDirected: childDirected ?? false, ageTreatment: ageTreatment)
    }

    /// The audience tags an `ads.configure` or `ads.request` carries.
    static func of(_ event: TraceEvent) -> AudienceTags {
        AudienceTags(
            underAgeOfConsent: event[.underAgeOfConsent], childDirected: event[.childDirected],
            ageTreatment: event[.ageTreatment] ?? .unspecified
        )
    }
}
