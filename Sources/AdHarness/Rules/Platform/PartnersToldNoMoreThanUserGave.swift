import AdRequestKit
import StandInRuntime

extension RuleID {
    /// No mediated ad network is told more consent than the user gave: GDPR consent, no US
    /// opt-out, no age restriction, or a TC string with purposes the user refused.
    public static let partnersToldNoMoreThanUserGave = RuleID(declaring: "partnersToldNoMoreThanUserGave")
}

extension RuleDescriptor {
    static let partnersToldNoMoreThanUserGave = RuleDescriptor(
        id: .partnersToldNoMoreThanUserGave,
        authority: .platform,
        on: [.partnerConsent],
        rule: "no mediated ad network is told more consent than the user gave (GDPR choice, US state opt-out, age)",
        definition: """
            Broken by a `partner.consent` where the partner holds `hasUserConsent=true` while GDPR applies and the user's \
            stored choice does not consent to TCF purposes 1, 3 and 4 (`userConsented=false`: rejected, partly chosen, or \
            not asked yet); or `doNotSell=false` while the user opted out in a regulated US state; or \
            `isAgeRestricted=false` while the ad SDK's configuration tags the user for age-restricted treatment; or a TC \
            string (`tcPurposes`) consenting to a purpose the user's choice does not (`choicePurposes`), or one that does \
            not decode, while GDPR applies. A flag not told is not judged: the partner then applies its own default.
            """,
        source: """
            Google, AppLovin mediation (https://developers.google.com/admob/ios/mediation/applovin): forward the user's \
            consent, do-not-sell and age choices with ALPrivacySettings, as each partner guide says for its SDK; Google's EU \
            user consent policy (https://www.google.com/about/company/user-consent-policy/); IAB TCF policies (a TC string \
            records the user's choices, https://iabeurope.eu/iab-europe-transparency-consent-framework-policies/) \
            (catalogue MP1-MP3)
            """,
        breaks: { event, _ in
            guard event.name == .partnerConsent else { return false }
            let gdpr = event[.gdprApplies] == true
            if gdpr && event[.partnerHasUserConsent] == true && event[.userConsented] != true { return true }
            if event[.partnerDoNotSell] == false && event[.userOptedOut] == true { return true }
            if event[.partnerAgeRestricted] == false && event[.ageTagged] == true { return true }
            if gdpr, let handed = event[.partnerTCPurposes] {
                guard handed != "unreadable" else { return true }
                let chosen = Set((event[.choicePurposes] ?? "").split(separator: ","))
                return handed != "none" && !Set(handed.split(separator: ",")).isSubset(of: chosen)
            }
            return false
        }
    )
}
