/// Both inputs of the decision table and both outputs, as the coordinator last evaluated them.
public struct ConsentState: Hashable, Sendable, Codable {
    /// The tracking authorization status.
    public var tracking: TrackingAuthorizationStatus
    /// The consent status.
    public var consent: UserConsentStatus
    /// The decision for these inputs.
    public var decision: AdServingDecision
    /// Whether the app must offer the privacy-options entry point.
    public var privacyOptionsRequired: Bool
    /// The legacy consent SDK's inputs, when the app runs the legacy profile.
    public var legacy: LegacyConsentSnapshot?

    /// Creates a state from a decision made elsewhere (a profile's own table).
    public init(
        tracking: TrackingAuthorizationStatus,
        consent: UserConsentStatus,
        decision: AdServingDecision,
        privacyOptionsRequired: Bool,
        legacy: LegacyConsentSnapshot? = nil
    ) {
        self.tracking = tracking
        self.consent = consent
        self.decision = decision
        self.privacyOptionsRequired = privacyOptionsRequired
        self.legacy = legacy
    }

    /// Creates a state by deciding from its inputs with ``DecisionTable``.
    public init(
        tracking: TrackingAuthorizationStatus,
        consent: UserConsentStatus,
        consentAllowsAdRequests: Bool,
        privacyOptionsRequired: Bool = false
    ) {
        self.tracking = tracking
        self.consent = consent
        self.decision = DecisionTable.decide(tracking: tracking, consent: consent, consentAllowsAdRequests: consentAllowsAdRequests)
        self.privacyOptionsRequired = privacyOptionsRequired
    }

    /// Whether an ad may be requested.
    public var canRequestAds: Bool { decision.canRequestAds }
    /// Whether requests must carry `npa=1`.
    public var shouldUseNPA: Bool { decision.shouldUseNPA }

    /// Both statuses and both outputs, as logged with every evaluation.
    public var fields: [EventField] {
        let legacyFields =
            legacy.map { legacy in
                [
                    EventField("legacyStatus", legacy.status.description),
                    EventField("inEEAOrUnknown", String(legacy.inEEAOrUnknown)),
                    EventField("usePersonalizedAds", String(legacy.usePersonalizedAds)),
                    EventField("prefersAdFree", String(legacy.prefersAdFree)),
                ]
            } ?? []
        return [
            EventField("tracking", tracking.description),
            EventField("consent", consent.description),
            EventField("canRequestAds", String(canRequestAds)),
            EventField("shouldUseNPA", String(shouldUseNPA)),
            EventField("rule", decision.rule.rawValue),
        ] + legacyFields
    }
}
