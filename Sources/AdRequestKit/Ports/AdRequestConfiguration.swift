/// The ad SDK's request configuration: the audience tags it adds to every ad request.
///
/// The consent SDK does not pass its under-age tag on to the ad SDK, so an app that tags the consent
/// request must tag the ad side too, here, before it starts the SDK. Each Boolean tag has three
/// states, as in the real SDK: `true`, `false` (said explicitly) and `nil` (no indication).
public struct AdRequestConfiguration: Hashable, Sendable {
    /// The user is under the age of consent (GDPR); `nil`: no indication.
    public var underAgeOfConsent: Bool?
    /// The content is child-directed (COPPA); the SDK then sends no advertising identifier.
    public var childDirectedTreatment: Bool?
    /// The age treatment every request receives (the newer tag meant to replace the two above).
    public var ageTreatment: AudienceAgeTreatment

    /// Creates a configuration; the defaults set no tag.
    public init(underAgeOfConsent: Bool? = nil, childDirectedTreatment: Bool? = nil, ageTreatment: AudienceAgeTreatment = .unspecified) {
        self.underAgeOfConsent = underAgeOfConsent
        self.childDirectedTreatment = childDirectedTreatment
        self.ageTreatment = ageTreatment
    }

    /// Whether it sets no tag at all, as for an app that never touches the configuration.
    public var isEmpty: Bool { self == AdRequestConfiguration() }

    /// Whether a tag rules out personalized ads: child-directed, under the age of consent, or child age treatment.
    public var forbidsPersonalizedAds: Bool {
        childDirectedTreatment == true || underAgeOfConsent == true || ageTreatment == .child
    }

    /// Whether the SDK sends no advertising identifier with the requests (child-directed treatment).
    public var withholdsAdvertisingIdentifier: Bool { childDirectedTreatment == true }
}

/// The age treatment an ad request receives.
public enum AudienceAgeTreatment: String, CaseIterable, Hashable, Sendable, Codable {
    /// No age treatment applies.
    case unspecified
    /// Child treatment, which the ad network counts as the child-directed or under-age tag.
    case child
    /// Teen treatment.
    case teen
}
