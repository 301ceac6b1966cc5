/// A safety rule the harness checks on every run, from the ground truth the stand-ins record.
///
/// This is the one place each rule is defined. Every definition reads only events recorded by the
/// harness and the OS and SDK stand-ins (what the real system saw, at the moment it saw it), never
/// what the glue logs, so any glue is checked the same way, and a glue that logs nothing is checked
/// completely. `adharness invariants` prints the definitions and sources.
public enum Invariant: String, CaseIterable, Hashable, Sendable, Codable {
    /// No personalized request unless both answers allow it.
    case personalizedOnlyWithBothAnswers
    /// No request the app marks personalized when the TCF signals do not allow personalized ads.
    case personalizedOnlyWhenSignalsAllow
    /// No request while the consent SDK's `canRequestAds` is false.
    case noRequestWithoutConsentSDKPermission
    /// No non-zero advertising identifier read unless tracking is `authorized`.
    case identifierOnlyWhenAuthorized
    /// Every request's `npa` follows the decision table for the answers of that moment.
    case requestsFollowCurrentAnswers
    /// The ad SDK does not start before the tracking status is decided.
    case adSDKStartsAfterTrackingDecision
    /// The ad SDK does not start while the consent SDK's `canRequestAds` is false.
    case adSDKStartsOnlyWhenAdsAllowed
    /// A tracking request the OS ignored because the app was inactive is asked again once it is active.
    case trackingAskedAgainOnceActive
    /// No request tagged child-directed, under the age of consent or for child age treatment goes without `npa=1`.
    case taggedRequestsNeverPersonalized
    /// The ad SDK's request configuration is set before the SDK starts.
    case requestConfigurationBeforeStart

    /// The rule in one sentence, as reports print it.
    public var rule: String {
        switch self {
        case .personalizedOnlyWithBothAnswers:
            "no ad request without npa=1 unless tracking is authorized and consent allows personalized ads"
        case .personalizedOnlyWhenSignalsAllow:
            "no ad request without npa=1 when the consent SDK's TCF signals do not allow personalized ads"
        case .noRequestWithoutConsentSDKPermission: "no ad request while canRequestAds is false"
        case .identifierOnlyWhenAuthorized: "no non-zero advertising identifier read unless tracking is authorized"
        case .requestsFollowCurrentAnswers:
            "no ad request keeps npa=1 once tracking is authorized and consent allows personalized ads (a stale decision)"
        case .adSDKStartsAfterTrackingDecision: "the ad SDK is not started before the tracking status is decided"
        case .adSDKStartsOnlyWhenAdsAllowed: "the ad SDK is not started while canRequestAds is false"
        case .trackingAskedAgainOnceActive:
            "a tracking request the OS ignored because the app was inactive is asked again once the app is active"
        case .taggedRequestsNeverPersonalized:
            "no ad request tagged child-directed or under the age of consent (or for child age treatment) without npa=1"
        case .requestConfigurationBeforeStart: "the ad SDK's request configuration (its audience tags) is set before the SDK starts"
        }
    }

    /// The exact definition: which recorded events break the rule.
    public var definition: String {
        switch self {
        case .personalizedOnlyWithBothAnswers:
            """
            Broken by an `ads.request` with `npa=false` unless, at that moment, the OS tracking status is \
            `authorized` and the consent SDK in charge allows personalized ads (`consentAllowsPersonalized=true`: \
            current SDK `obtained` or `notRequired`; legacy SDK the user's choice). The ad serving mode does not \
            change this: TCF signals that allow personalized ads do not replace an `authorized` tracking status.
            """
        case .personalizedOnlyWhenSignalsAllow:
            """
            Broken by an `ads.request` with `npa=false` served in a `mode` other than `personalized`: the TCF \
            signals in storage (a "reject all", refused purposes, no TC string) allow less, so the app treated \
            a consent status of `obtained` as consent to everything. `modeRule` names the rule of the serving-mode oracle. \
            Not broken when that rule is `usStateOptOut` (the ad SDK reads the GPP string itself), an audience tag's \
            (`taggedRequestsNeverPersonalized` decides those) or `consentOutdated` (the ad SDK serves nothing, and the \
            app cannot date the TC string; the consent SDK asks again at its next update).
            """
        case .noRequestWithoutConsentSDKPermission:
            "Broken by an `ads.request` recorded while the consent SDK's `canRequestAds` is false."
        case .identifierOnlyWhenAuthorized:
            "Broken by an `idfa.read` that returned a non-zero identifier while the OS tracking status is not `authorized`."
        case .requestsFollowCurrentAnswers:
            """
            Broken by an `ads.request` with `npa=true` while, at that moment, the OS tracking status is \
            `authorized`, the consent SDK allows personalized ads and its TCF signals do too (`modeRule` \
            `gdprDoesNotApply` or `nonPersonalizedRequested`): the glue used a decision made before an answer or \
            a Settings change. Not checked for a glue whose policy is `mayBeStricter`.
            """
        case .adSDKStartsAfterTrackingDecision:
            """
            Broken by an `ads.start` while the OS tracking status is `notDetermined`, unless the tracking prompt \
            was shown and dismissed unanswered earlier in this install.
            """
        case .adSDKStartsOnlyWhenAdsAllowed:
            "Broken by an `ads.start` (explicit, or implied by a first ad request) while the consent SDK's `canRequestAds` is false."
        case .trackingAskedAgainOnceActive:
            """
            A `tracking.answer` with `prompted=false` and reason `appNotActive` or `anotherPromptOnScreen` opens a debt; \
            the next `tracking.request` pays it, and a `settings.change` or a `tracking.answer` that leaves the status \
            decided, or answers a prompt the user saw (`prompted=true`, even dismissed), cancels it (the user was asked, \
            or nothing is left to ask). Broken if the app became active after the debt opened and then leaves the \
            foreground, its process ends, or the run finishes, with the debt unpaid: the user was never asked in that session.
            """
        case .taggedRequestsNeverPersonalized:
            """
            Broken by an `ads.request` with `npa=false` while the ad SDK's request configuration in force tags it \
            `childDirected=true`, `underAgeOfConsent=true` or `ageTreatment=child`, whatever the tracking status and \
            the consent SDK say: such a request may not be personalized, and carries `npa=1` like any other that may not.
            """
        case .requestConfigurationBeforeStart:
            """
            Broken by an `ads.configure` with `afterStart=true`: the app set the request configuration after the ad \
            SDK started in this process (explicitly, or implied by a first ad request), so requests made before it \
            went without the tags. A flag, not a guess about which requests the real SDK would have tagged.
            """
        }
    }

    /// Where the rule comes from.
    public var source: String {
        switch self {
        case .personalizedOnlyWithBothAnswers:
            "seed 000 section 2 (the decision table); Google, https://support.google.com/admob/answer/7676680 (non-personalized ads)"
        case .personalizedOnlyWhenSignalsAllow:
            """
            Google, https://developers.google.com/admob/ios/privacy/ad-serving-modes (the purposes each mode needs) \
            and https://support.google.com/admanager/answer/9882911 (limited ads); IAB Tech Lab CMP API v2, In-App Details
            """
        case .noRequestWithoutConsentSDKPermission, .adSDKStartsOnlyWhenAdsAllowed:
            "Google UMP, https://developers.google.com/admob/ios/privacy (check canRequestAds before initializing the SDK and requesting ads)"
        case .identifierOnlyWhenAuthorized:
            "Apple, https://developer.apple.com/documentation/adsupport/asidentifiermanager/advertisingidentifier; seed 001"
        case .requestsFollowCurrentAnswers:
            "seed 000 sections 2-3 (re-evaluate after an authorization); Google, https://developers.google.com/admob/ios/privacy/idfa"
        case .adSDKStartsAfterTrackingDecision:
            "seed 004 (start the ad SDK after the tracking answer, so it does not cache a zero identifier)"
        case .trackingAskedAgainOnceActive:
            """
            Apple, https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:) \
            (no prompt unless active; call again); https://github.com/zoontek/react-native-permissions/pull/751
            """
        case .taggedRequestsNeverPersonalized:
            """
            Google, https://developers.google.com/admob/ios/targeting (child-directed and under-age tags turn \
            personalized ads off) and https://support.google.com/admob/answer/6219315 (child age treatment); \
            https://developers.google.com/admob/ios/privacy/gdpr (the consent SDK does not pass its under-age tag on)
            """
        case .requestConfigurationBeforeStart:
            "Google, https://developers.google.com/admob/ios/targeting (set the request configuration before starting the SDK, so every request applies it)"
        }
    }
}
