/// The two outputs of the decision table: may the app request ads, and must they be non-personalized.
public struct AdServingDecision: Hashable, Sendable, Codable {
    /// Whether an ad may be requested at all. Always the consent SDK's own answer.
    public var canRequestAds: Bool
    /// Whether every request must carry `npa=1` (non-personalized ads).
    public var shouldUseNPA: Bool
    /// The row of the table that produced this decision.
    public var rule: DecisionRule

    /// Creates a decision; normally made by ``DecisionTable/decide(tracking:consent:consentAllowsAdRequests:)``.
    public init(canRequestAds: Bool, shouldUseNPA: Bool, rule: DecisionRule) {
        self.canRequestAds = canRequestAds
        self.shouldUseNPA = shouldUseNPA
        self.rule = rule
    }

    /// Whether requests may be personalized: ads allowed and no `npa=1`.
    public var isPersonalized: Bool { canRequestAds && !shouldUseNPA }
}

/// A row of the decision table, so a log line or audit answer can say which rule applied.
public enum DecisionRule: String, CaseIterable, Hashable, Sendable, Codable {
    /// Tracking has not been decided: non-personalized until it is.
    case trackingNotDetermined
    /// Tracking authorized and consent obtained or not required: the only personalized row.
    case personalized
    /// Tracking authorized but consent required or unknown: non-personalized until consent is gathered.
    case consentPending
    /// Tracking denied or restricted: always non-personalized.
    case trackingRefused
    /// A tracking status this code does not know (a future OS value): non-personalized.
    case unrecognizedTracking
    /// Tracking authorized but a consent status this code does not know (a future SDK value): non-personalized.
    case unrecognizedConsent
    /// Tracking authorized but the user chose non-personalized ads (legacy consent SDK).
    case nonPersonalizedChosen
    /// Tracking authorized and consent obtained, but the TCF signals refuse what personalized ads need.
    case signalsRefusePersonalized

    /// One line on why the row decides as it does, for the printed table.
    public var explanation: String {
        switch self {
        case .trackingNotDetermined: "not asked yet: non-personalized; refresh consent once tracking is authorized"
        case .personalized: "the only combination that allows personalized ads"
        case .consentPending: "non-personalized until consent is obtained"
        case .trackingRefused: "tracking not allowed: always non-personalized; the consent form may still be shown"
        case .unrecognizedTracking: "a future tracking status: non-personalized to be safe"
        case .unrecognizedConsent: "a future consent status: non-personalized to be safe"
        case .nonPersonalizedChosen: "the user chose non-personalized ads"
        case .signalsRefusePersonalized: "obtained, but the TCF signals refuse purposes or Google: non-personalized (the ad SDK may serve limited ads or none)"
        }
    }
}

extension DecisionRule {
    /// Whether the tracking status alone decided the row, whatever the consent status.
    public var isDecidedByTrackingAlone: Bool {
        switch self {
        case .trackingNotDetermined, .trackingRefused, .unrecognizedTracking: true
        case .personalized, .consentPending, .unrecognizedConsent, .nonPersonalizedChosen, .signalsRefusePersonalized: false
        }
    }
}
