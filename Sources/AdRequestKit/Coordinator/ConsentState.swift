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

    /// Creates a state by deciding from its inputs.
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
        [
            EventField("tracking", tracking.description),
            EventField("consent", consent.description),
            EventField("canRequestAds", String(canRequestAds)),
            EventField("shouldUseNPA", String(shouldUseNPA)),
            EventField("rule", decision.rule.rawValue),
        ]
    }
}
