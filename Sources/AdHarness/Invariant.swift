/// A safety rule the harness checks on every event of every run.
public enum Invariant: String, CaseIterable, Hashable, Sendable, Codable {
    /// No request without `npa=1` unless tracking is `authorized` and the consent SDK's answer allows
    /// personalized ads (current SDK: `obtained` or `notRequired`; legacy SDK: the user chose them).
    case personalizedOnlyWithBothAnswers
    /// No request while the consent SDK's `canRequestAds` is false.
    case noRequestWithoutConsentSDKPermission
    /// No non-zero advertising identifier read by the app unless tracking is `authorized`.
    case identifierOnlyWhenAuthorized
    /// After tracking becomes `authorized`, the consent state is re-evaluated before the next request.
    case consentRefreshedAfterAuthorization
    /// The ad SDK does not start before the tracking status is decided (answered, or the prompt dismissed).
    case adSDKStartsAfterTrackingDecision

    /// The rule in one sentence.
    public var rule: String {
        switch self {
        case .personalizedOnlyWithBothAnswers:
            "no ad request without npa=1 unless tracking is authorized and consent is obtained or notRequired"
        case .noRequestWithoutConsentSDKPermission: "no ad request while canRequestAds is false"
        case .identifierOnlyWhenAuthorized: "no non-zero advertising identifier read unless tracking is authorized"
        case .consentRefreshedAfterAuthorization: "after tracking is authorized, consent is refreshed before the next ad request"
        case .adSDKStartsAfterTrackingDecision: "the ad SDK is not started before the tracking status is decided"
        }
    }
}
