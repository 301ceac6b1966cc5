import StandInRuntime

extension RuleID {
    /// An app that tells the consent SDK the user is under the age of consent tags its ad requests too.
    public static let underAgeTagReachesAdRequests = RuleID(declaring: "underAgeTagReachesAdRequests")
}

extension RuleDescriptor {
    static let underAgeTagReachesAdRequests = RuleDescriptor(
        id: .underAgeTagReachesAdRequests,
        authority: .platform,
        on: [.adsRequest],
        rule: "an app that tells the consent SDK the user is under the age of consent tags its ad requests too",
        definition: """
            A `consent.update` with `underAgeOfConsent=true` (the app's own tag on the consent request) opens the \
            requirement for the rest of the process; a later update with `underAgeOfConsent=false` closes it. Broken by \
            an `ads.request` of the process while it is open that the ad SDK's configuration tags neither \
            `underAgeOfConsent=true` nor `childDirected=true` nor an age treatment of `child` or `teen`: the consent \
            SDK does not pass its tag on to the ad SDK, so the request is served as for an adult.
            """,
        source: """
            Google UMP, US states regulations, https://developers.google.com/ad-manager/mobile-ads-sdk/ios/privacy/us-iab-support, \
            and the GDPR guide, https://developers.google.com/admob/ios/privacy/gdpr (the consent SDK does not forward the \
            under-age tag of its consent requests to the ads SDK; the app must set the tag for under age of consent or \
            child-directed treatment on its ad requests itself); Google, https://support.google.com/adsense/answer/9007197 \
            (the tag for age treatment replaces both)
            """,
        // The app told the consent SDK, in this process, that the user is under the age of consent.
        state: false,
        learnsFrom: [.consentUpdate, .appLaunch, .appTerminate, .appCrash, .runFinish],
        update: { toldUnderAge, event, _ in
            toldUnderAge = event.name == .consentUpdate && event[.underAgeOfConsent] == true
        },
        breaks: { event, toldUnderAge, _ in event.name == .adsRequest && toldUnderAge && !RuleDescriptor.isAgeRestricted(event) }
    )
}
