import AdRequestKit
import StandInRuntime

extension RuleID {
    /// Where GDPR applies, no analytics event goes out with a consent type granted (analytics
    /// storage, ad storage, ad user data, ad personalization) unless the user's consent choice
    /// allows it.
    public static let analyticsAdSignalsWithinConsent = RuleID(declaring: "analyticsAdSignalsWithinConsent")
}

extension RuleDescriptor {
    static let analyticsAdSignalsWithinConsent = RuleDescriptor(
        id: .analyticsAdSignalsWithinConsent,
        authority: .platform,
        on: [.analyticsEvent],
        rule: "where GDPR applies, no analytics event goes out with a consent type granted before the user's consent choice allows it",
        definition: """
            Broken by an `analytics.event` with `gdpr=true` and a consent type granted that the stored choice does not \
            allow: `analyticsStorage=granted` or `adStorage=granted` while `choiceAllowsAnalyticsStorage` or \
            `choiceAllowsAdStorage` is false (no choice yet, or TCF purpose 1 not consented to), `adUserData=granted` while \
            `choiceAllowsAdUserData=false` (purposes 1 and 7), `adPersonalization=granted` while \
            `choiceAllowsAdPersonalization=false` (purposes 3 and 4). The analytics SDK grants every type by default, so an \
            app that neither sets its Info.plist defaults to false (or, for the two ad signals, `eu_consent_policy`) nor \
            sets consent before the first event breaks it in the EEA; so does an app that grants storage at launch.
            """,
        source: """
            Google, consent mode for apps (https://developers.google.com/tag-platform/security/guides/app-consent): the \
            four types, set the defaults, then update consent from the user's choice; Google Analytics Help, consent mode \
            in apps (https://support.google.com/analytics/answer/10022331); Google, consent mode with the consent SDK \
            (https://developers.google.com/admob/ios/privacy/consent-mode); Google's EU user consent policy \
            (https://www.google.com/about/company/user-consent-policy/: consent for storage and for personal data where \
            the law requires it); the purposes are our reading of Google's TCF integration \
            (https://developers.google.com/tag-platform/security/guides/implement-TCF-strings) (catalogue AN1-AN4)
            """,
        breaks: { event, _ in
            guard event.name == .analyticsEvent, event[.gdprApplies] == true else { return false }
            return AnalyticsConsentType.allCases.contains { type in
                event[.analyticsConsent(type)] == .granted && event[.choiceAllows(type)] != true
            }
        }
    )
}
