import StandInRuntime

extension RuleID {
    /// No request tagged child-directed, under the age of consent or for an age treatment goes without `npa=1`.
    public static let taggedRequestsNeverPersonalized = RuleID(declaring: "taggedRequestsNeverPersonalized")
}

extension RuleDescriptor {
    static let taggedRequestsNeverPersonalized = RuleDescriptor(
        id: .taggedRequestsNeverPersonalized,
        authority: .policy,
        on: [.adsRequest],
        rule: "no ad request tagged child-directed or under the age of consent (or for child or teen age treatment) without npa=1",
        definition: """
            Broken by an `ads.request` with `npa=false` while the ad SDK's request configuration in force tags it \
            `childDirected=true`, `underAgeOfConsent=true`, `ageTreatment=child` or `ageTreatment=teen`. The ad SDK applies the tags itself, \
            so such a request is never served personalized (``RuleID/servedModeWithinConsent``); attaching `npa=1` \
            as well is the seed app's policy.
            """,
        source: """
            Google, https://developers.google.com/admob/ios/targeting (child-directed and under-age tags turn \
            personalized ads off) and https://support.google.com/admob/answer/9009425 (child and teen age treatment)
            """,
        breaks: { event, _ in event.name == .adsRequest && event[.npa] == false && RuleDescriptor.isAgeRestricted(event) }
    )
}
