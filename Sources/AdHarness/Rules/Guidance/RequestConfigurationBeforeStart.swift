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
        rule: "the ad SDK's request configuration (its audience tags) is set before the SDK starts",
        definition: """
            Broken by an `ads.configure` with `afterStart=true` that changes a tag in force (the app set the request \
            configuration after the ad SDK started in this process, explicitly or by a first ad request, so requests \
            made before went without it). Setting a tag to the value it already had changes nothing and breaks nothing.
            """,
        source:
            "Google, https://developers.google.com/admob/ios/targeting (set the request configuration before starting the SDK, so every request applies it)",
        breaks: { event, facts in
            event.name == .adsConfigure && event[.afterStart] == true && RunFacts.tags(of: event) != facts.adConfiguration
        }
    )
}
