import AdRequestKit
import StandInRuntime

extension RuleID {
    /// Once the user's GDPR choice allows a consent type (analytics storage, ad storage, ad user
    /// data, ad personalization), analytics events carry it granted: the analytics consent follows
    /// the choice, a later change included.
    public static let analyticsConsentFollowsChoice = RuleID(declaring: "analyticsConsentFollowsChoice")
}

extension RuleDescriptor {
    static let analyticsConsentFollowsChoice = RuleDescriptor(
        id: .analyticsConsentFollowsChoice,
        authority: .revenue,
        on: [.analyticsEvent],
        rule: "once the user's consent choice allows a consent type, analytics events carry it granted",
        definition: """
            Broken by an `analytics.event` with `gdpr=true` and `choice=true` where the choice allows a type \
            (`choiceAllowsAnalyticsStorage`, `choiceAllowsAdStorage`, `choiceAllowsAdUserData` or \
            `choiceAllowsAdPersonalization` true) but the event carries it denied: the app (or the consent SDK with \
            consent mode on) did not set the analytics consent from the choice, or from a later change in the privacy \
            options. More private than the user chose: measurement and ads lose data, so it warns by default.
            """,
        source: """
            Google, consent mode for apps (https://developers.google.com/tag-platform/security/guides/app-consent): update \
            the consent state once the user chooses; Google, consent mode with the consent SDK \
            (https://developers.google.com/admob/ios/privacy/consent-mode): UMP 3.0.0 and later set it where EU rules apply, \
            once consent mode is on (catalogue AN3)
            """,
        breaks: { event, _ in
            guard event.name == .analyticsEvent, event[.gdprApplies] == true, event[.consentChoiceMade] == true else { return false }
            return AnalyticsConsentType.allCases.contains { type in
                event[.choiceAllows(type)] == true && event[.analyticsConsent(type)] == .denied
            }
        }
    )
}
