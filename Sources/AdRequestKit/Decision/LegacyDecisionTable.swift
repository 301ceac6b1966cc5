/// The decision for apps on the legacy consent SDK: the same outputs as ``DecisionTable``, from the
/// legacy status, the EEA answer and the app's "use personalized ads" preference.
///
/// Tracking rules first, as in the seed table: anything but `authorized` means `npa=1`. With
/// tracking authorized, ads are personalized in the EEA only if the user chose personalized ads,
/// and elsewhere unless the user turned personalization off. Ads may be requested outside the
/// EEA, and inside it once the user has chosen.
public enum LegacyDecisionTable {
    /// Decides both outputs.
    public static func decide(
        tracking: TrackingAuthorizationStatus,
        status: LegacyConsentStatus,
        inEEAOrUnknown: Bool,
        usePersonalizedAds: Bool
    ) -> AdServingDecision {
        let chose = status == .personalized || status == .nonPersonalized
        let rule = rule(tracking: tracking, status: status, inEEAOrUnknown: inEEAOrUnknown, usePersonalizedAds: usePersonalizedAds)
        return AdServingDecision(canRequestAds: !inEEAOrUnknown || chose, shouldUseNPA: rule != .personalized, rule: rule)
    }

    /// The row that applies.
    public static func rule(
        tracking: TrackingAuthorizationStatus,
        status: LegacyConsentStatus,
        inEEAOrUnknown: Bool,
        usePersonalizedAds: Bool
    ) -> DecisionRule {
        switch tracking {
        case .notDetermined: return .trackingNotDetermined
        case .denied, .restricted: return .trackingRefused
        case .authorized: break
        default: return .unrecognizedTracking
        }
        guard status.isRecognized else { return .unrecognizedConsent }
        if inEEAOrUnknown && status == .unknown { return .consentPending }
        let personalizedChosen = inEEAOrUnknown ? status == .personalized : status != .nonPersonalized
        return personalizedChosen && usePersonalizedAds ? .personalized : .nonPersonalizedChosen
    }
}
