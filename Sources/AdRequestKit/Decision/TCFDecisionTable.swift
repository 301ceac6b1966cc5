/// The decision for an app that reads the TCF signals: the seed's ``DecisionTable``, then, where the
/// table allows personalized ads, the signals must allow them too.
///
/// A consent status of `obtained` only says the user answered the form; "reject all" or refused
/// purposes are `obtained` as well. This table asks for `npa=1` then. `canRequestAds` stays the
/// consent SDK's answer: the ad SDK picks limited ads or none from the same signals.
public enum TCFDecisionTable {
    /// Decides both outputs from the statuses, the consent SDK's `canRequestAds` and the TCF signals.
    public static func decide(
        tracking: TrackingAuthorizationStatus,
        consent: UserConsentStatus,
        consentAllowsAdRequests: Bool,
        signals: TCFSignals
    ) -> AdServingDecision {
        let rule = rule(tracking: tracking, consent: consent, signals: signals)
        return AdServingDecision(canRequestAds: consentAllowsAdRequests, shouldUseNPA: rule != .personalized, rule: rule)
    }

    /// The row that applies.
    public static func rule(tracking: TrackingAuthorizationStatus, consent: UserConsentStatus, signals: TCFSignals) -> DecisionRule {
        let seed = DecisionTable.rule(tracking: tracking, consent: consent)
        return seed == .personalized && !signals.allowPersonalizedAds ? .signalsRefusePersonalized : seed
    }
}

/// Which decision table an app's coordinator uses with the current consent SDK.
public enum DecisionProfile: String, CaseIterable, Hashable, Sendable, Codable {
    /// The seed's ``DecisionTable``: the consent status alone (`obtained` counts as full consent).
    case seed
    /// ``TCFDecisionTable``: the seed table, and the TCF signals the consent SDK wrote.
    case tcf
}
