import HarnessSupport

extension Invariant {
    /// The ad SDK's request configuration is set before the SDK starts.
    public static let requestConfigurationBeforeStart = Invariant(declaring: "requestConfigurationBeforeStart")
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
        breaks: { event, facts in
            event.name == .adsConfigure && event[.afterStart] == true && facts.requestSentUnderAdConfiguration
                && RunFacts.tags(of: event).asServed != facts.adConfiguration.asServed
        }
    )
}
