import MockAdNetwork
import StandInRuntime

extension RuleID {
    /// No request is served personalized unless the consent in charge and the request's age tags allow it.
    public static let servedModeWithinConsent = RuleID(declaring: "servedModeWithinConsent")
}

extension RuleDescriptor {
    static let servedModeWithinConsent = RuleDescriptor(
        id: .servedModeWithinConsent,
        authority: .platform,
        on: [.adsRequest],
        rule: "no ad is served personalized unless the user's consent and the request's age tags allow it",
        definition: """
            Judged on what the ad SDK serves, not on the app's `npa` flag. Broken by an `ads.request` served in \
            `mode=personalized` (the serving-mode oracle's verdict: the TC string and GPP string the ad SDK reads itself, \
            then the audience tags, then `npa=1`, the most conservative first) while the request is tagged \
            child-directed, under the age of consent or for child or teen age treatment (the ad SDK applies the most \
            conservative of its tags), or while the legacy consent SDK is in \
            charge and the user's choice does not allow personalized ads (`consentAllowsPersonalized=false`): that SDK \
            writes no TC string, so only the app's `npa=1` can tell the ad SDK. Under the current consent SDK the ad SDK \
            reads the user's choice itself, so a request without `npa=1` after "reject all" is served as the TC string \
            allows and does not break this rule.
            """,
        source: """
            Google, https://support.google.com/admob/answer/9760862 (with a TC string present, Google applies the most \
            conservative of the string and npa) and https://developers.google.com/admob/ios/privacy/ad-serving-modes; \
            https://developers.google.com/admob/ios/targeting (age tags turn personalized ads off), \
            https://support.google.com/admob/answer/9009425 (child and teen age treatment disable personalized ads; \
            the most conservative of several tags applies); legacy consent SDK, \
            https://developers.google.com/admob/ios/eu-consent (forward a non-personalized choice as npa=1)
            """,
        // The legacy consent SDK is the one in charge: it writes no TCF signals, so the app's `npa` is
        // the only way the ad SDK learns the user's choice.
        state: false,
        learnsFrom: [.legacyConsentUpdate],
        update: { legacyConsentInCharge, _, _ in legacyConsentInCharge = true },
        breaks: { event, legacyConsentInCharge, _ in
            guard event.name == .adsRequest, event[.mode] == .personalized else { return false }
            return RuleDescriptor.isAgeRestricted(event)
                || legacyConsentInCharge && event[.consentAllowsPersonalized] == false
        }
    )

    /// Whether the request configuration in force tags the request as one that may not be
    /// personalized: child-directed, under the age of consent, or any age treatment.
    static func isAgeRestricted(_ event: TraceEvent) -> Bool {
        event[.childDirected] == true || event[.underAgeOfConsent] == true || [.child, .teen].contains(event[.ageTreatment])
    }
}
