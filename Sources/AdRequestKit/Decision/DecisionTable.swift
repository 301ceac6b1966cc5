/// The tracking x consent decision table (the house policy, catalogue R6 and R7) as one pure function.
///
/// Personalized ads need both answers: tracking `authorized` and consent `obtained` or `notRequired`.
/// Every other combination, including raw values this code does not know, asks for `npa=1`.
/// Whether an ad may be requested at all is the consent SDK's `canRequestAds`, passed through unchanged:
/// non-personalized ads do not need tracking.
public enum DecisionTable {
    /// Decides both outputs from the tracking status, the consent status and the consent SDK's `canRequestAds`.
    public static func decide(
        tracking: TrackingAuthorizationStatus,
        consent: UserConsentStatus,
        consentAllowsAdRequests: Bool
    ) -> AdServingDecision {
        let rule = rule(tracking: tracking, consent: consent)
        return AdServingDecision(
            canRequestAds: consentAllowsAdRequests,
            shouldUseNPA: rule != .personalized,
            rule: rule
        )
    }

    /// The row that applies to a tracking and consent status.
    public static func rule(tracking: TrackingAuthorizationStatus, consent: UserConsentStatus) -> DecisionRule {
        switch tracking {
        case .notDetermined: return .trackingNotDetermined
        case .denied, .restricted: return .trackingRefused
        case .authorized:
            switch consent {
            case .obtained, .notRequired: return .personalized
            case .required, .unknown: return .consentPending
            default: return .unrecognizedConsent
            }
        default: return .unrecognizedTracking
        }
    }
}
