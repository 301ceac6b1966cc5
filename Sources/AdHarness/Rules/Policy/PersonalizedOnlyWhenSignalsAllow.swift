import MockAdNetwork
import StandInRuntime

extension RuleID {
    /// No request the app marks personalized when the TCF signals do not allow personalized ads.
    public static let personalizedOnlyWhenSignalsAllow = RuleID(declaring: "personalizedOnlyWhenSignalsAllow")
}

extension RuleDescriptor {
    static let personalizedOnlyWhenSignalsAllow = RuleDescriptor(
        id: .personalizedOnlyWhenSignalsAllow,
        authority: .policy,
        on: [.adsRequest],
        rule: "no ad request without npa=1 when the consent SDK's TCF signals do not allow personalized ads",
        definition: """
            Broken by an `ads.request` with `npa=false` served in a `mode` other than `personalized`: the TCF \
            signals in storage (a "reject all", refused purposes, no TC string) allow less, and the app's own flag \
            did not say so. Not broken when the mode's rule is one the app's flag is not the one to say: a US opt-out the ad \
            SDK reads itself (`usStateOptOut`, `usSectionUndecodable`, `usPrivacyStringOptOut`, `personalizationControlsOptOut`), an audience \
            tag's, the app's own `gad_rdp=1`, `consentOutdated`, or what the ad network requires of the CMP \
            (`cmpNotCertified`, `googleNotDisclosed`). \
            The ad SDK reads the TC string itself and serves the most conservative mode, so nothing personalized is \
            served either way (``RuleID/servedModeWithinConsent`` judges that): repeating the signals in `npa` is \
            the seed app's policy, off unless the app turns it on.
            """,
        source: """
            Google, https://developers.google.com/admob/ios/privacy/ad-serving-modes (the purposes each mode needs) \
            and https://support.google.com/admob/answer/9760862 (the most conservative of the TC string and npa applies)
            """,
        breaks: { event, _ in
            guard event.name == .adsRequest, event[.npa] == false, let mode = event[.mode], mode != .personalized else { return false }
            return !rulesNotTheAppsToFollow.contains(event[.modeRule])
        }
    )

    /// The rules that lower the mode without the app's flag being the one to say so: a US opt-out
    /// the ad SDK reads itself (the GPP string, the US Privacy string), an audience tag
    /// (``RuleID/taggedRequestsNeverPersonalized`` owns those), the app's own `gad_rdp=1`, a TC
    /// string past its 13 months (the ad SDK serves nothing, and the app cannot date the string),
    /// and what the ad network requires of the CMP (certification, TCF 2.3's disclosed vendors),
    /// which the pre-parsed keys an app reads do not show.
    private static let rulesNotTheAppsToFollow: Set<ServingModeRule?> = Set(
        [
            ServingModeRule.usStateOptOut, .usSectionUndecodable, .usPrivacyStringOptOut, .personalizationControlsOptOut, .childDirectedTreatment,
            .underAgeOfConsent,
            .childAgeTreatment,
            .teenAgeTreatment, .consentOutdated, .cmpNotCertified, .googleNotDisclosed, .restrictedDataProcessingRequested,
        ]
    )
}
