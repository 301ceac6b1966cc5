import StandInRuntime

extension RuleID {
    /// A mediated ad network is told the user's GDPR consent only once the consent SDK has answered
    /// in the process and allows ads: never from a switch of the app's own that skips the consent SDK.
    public static let partnersToldConsentAfterConsentSDK = RuleID(declaring: "partnersToldConsentAfterConsentSDK")
}

extension RuleDescriptor {
    static let partnersToldConsentAfterConsentSDK = RuleDescriptor(
        id: .partnersToldConsentAfterConsentSDK,
        authority: .guidance,
        on: [.partnerConsent],
        rule: "a mediated ad network is told GDPR consent only once the consent SDK has answered in the process and allows ads",
        definition: """
            Broken by a `partner.consent` where GDPR applies and the partner holds consent (`hasUserConsent=true`, or a \
            TC string with at least one purpose consented) while the consent SDK does not allow ad requests in the process: \
            the app has not asked it for a consent update in this process yet (before that it allows none, catalogue C1), \
            or its last answer says consent is still required (an expired or re-asked decision), or it was reset. The \
            user's stored choice may still read as consent, so `partnersToldNoMoreThanUserGave` passes it: what is missing \
            is the consent SDK's answer of this process, which the app must ask for before it reads the status. Whether it \
            allows requests is read from the event's `canRequestAds` (the consent SDK's own value at the call). A flag \
            that says no consent is never judged.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (request a consent information update at every \
            launch, before reading the consent status or canRequestAds) and the consent-information header (the update \
            must be called in every app session); Google, AppLovin mediation \
            (https://developers.google.com/admob/ios/mediation/applovin: forward the consent the user gave) (catalogue MP5)
            """,
        breaks: { event, facts in
            // The consent SDK's own answer at the call, as the stand-in recorded it; the run's facts for
            // an app on the legacy SDK, whose partners' calls do not record it.
            guard event.name == .partnerConsent, event[.gdprApplies] == true, !(event[.canRequestAds] ?? facts.canRequestAds) else { return false }
            let purposes = event[.partnerTCPurposes]
            return event[.partnerHasUserConsent] == true || (purposes != nil && purposes != "none" && purposes != "unreadable")
        }
    )
}
