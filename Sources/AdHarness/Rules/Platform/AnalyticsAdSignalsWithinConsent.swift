import AdRequestKit
import StandInRuntime

extension Invariant {
    /// Where GDPR applies, no analytics event sends ad user data or ad personalization granted
    /// unless the user's consent choice allows it.
    public static let analyticsAdSignalsWithinConsent = Invariant(declaring: "analyticsAdSignalsWithinConsent")
}

extension RuleDescriptor {
    static let analyticsAdSignalsWithinConsent = RuleDescriptor(
        id: .analyticsAdSignalsWithinConsent,
        authority: .platform,
        on: [.analyticsEvent],
        rule: "where GDPR applies, no analytics event goes out with ad user data or ad personalization granted before the user's consent choice allows it",
        definition: """
            Broken by an `analytics.event` with `gdpr=true` and `adUserData=granted` while the stored choice does not allow \
            it (`choiceAllowsAdUserData=false`: no choice yet, or TCF purposes 1 and 7 not both consented to), or with \
            `adPersonalization=granted` while `choiceAllowsAdPersonalization=false` (purposes 3 and 4). The analytics SDK \
            grants every type by default, so an app that neither sets its Info.plist defaults to false nor sets consent \
            before the first event breaks it in the EEA.
            """,
        source: """
            Google, consent mode for apps (https://developers.google.com/tag-platform/security/guides/app-consent): set the \
            defaults, then update consent from the user's choice; Google's EU user consent policy \
            (https://www.google.com/about/company/user-consent-policy/); the purposes are our reading of Google's TCF \
            integration (https://developers.google.com/tag-platform/security/guides/implement-TCF-strings) (catalogue AN1-AN4)
            """,
        breaks: { event, _ in
            guard event.name == .analyticsEvent, event[.gdprApplies] == true else { return false }
            return (event[.analyticsConsent(.adUserData)] == .granted && event[.choiceAllowsAdUserData] != true)
                || (event[.analyticsConsent(.adPersonalization)] == .granted && event[.choiceAllowsAdPersonalization] != true)
        }
    )
}
