/// The ad SDK's request configuration: the audience tags it adds to every ad request, and what it
/// collects with them (coarse location, the publisher first-party ID).
///
/// The consent SDK does not pass its under-age tag on to the ad SDK, so an app that tags the consent
/// request must tag the ad side too, here, before it starts the SDK. Each Boolean tag has three
/// states, as in the real SDK: `true`, `false` (said explicitly) and `nil` (no indication).
public struct AdRequestConfiguration: Hashable, Sendable {
    /// The user is under the age of consent (GDPR); `nil`: no indication.
    ///
    /// Deprecated on the real SDK's request configuration since its 13.3.0 release, in favour of
    /// ``ageTreatment``; a request carrying it is still treated as tagged.
    public var underAgeOfConsent: Bool?
    /// The content is child-directed (COPPA); the SDK then sends no advertising identifier.
    ///
    /// Deprecated like ``underAgeOfConsent`` since 13.3.0, and still honoured.
    public var childDirectedTreatment: Bool?
    /// The age treatment every request receives: the tag that replaces the two above.
    public var ageTreatment: AudienceAgeTreatment
    /// Whether the SDK may collect coarse location with its requests (GMA 13.12.0 and later);
    /// `nil`: the app leaves it to the SDK's default.
    public var coarseLocationCollection: Bool?
    /// Whether the SDK uses the publisher first-party ID, an identifier of its own for this app's
    /// users: on unless the app switches it off, as the real SDK is.
    public var publisherFirstPartyID: Bool

    /// Creates a configuration; the defaults set no tag, leave coarse location to the SDK and keep
    /// the publisher first-party ID on.
    public init(
        underAgeOfConsent: Bool? = nil, childDirectedTreatment: Bool? = nil, ageTreatment: AudienceAgeTreatment = .unspecified,
        coarseLocationCollection: Bool? = nil, publisherFirstPartyID: Bool = true
    ) {
        self.underAgeOfConsent = underAgeOfConsent
        self.childDirectedTreatment = childDirectedTreatment
        self.ageTreatment = ageTreatment
        self.coarseLocationCollection = coarseLocationCollection
        self.publisherFirstPartyID = publisherFirstPartyID
    }

    /// Whether it sets nothing at all, as for an app that never touches the configuration.
    public var isEmpty: Bool { self == AdRequestConfiguration() }

    /// Whether a tag rules out personalized ads: child-directed, under the age of consent, or any age treatment.
    ///
    /// With several tags set the most conservative treatment applies, so one such tag is enough.
    public var forbidsPersonalizedAds: Bool {
        childDirectedTreatment == true || underAgeOfConsent == true || ageTreatment != .unspecified
    }

    /// Whether the SDK sends no advertising identifier with the requests: child-directed or child age treatment.
    public var withholdsAdvertisingIdentifier: Bool { childDirectedTreatment == true || ageTreatment == .child }
}

/// The age treatment an ad request receives: Google's help calls the setting the tag for age
/// treatment (TFAT), which deprecates the under-age (TFUA) and child-directed (TFCD) tags.
///
/// Spelled by name in fixtures and traces; ``sdkValue`` is the real enumeration's number.
public enum AudienceAgeTreatment: String, CaseIterable, Hashable, Sendable, Codable {
    /// No age treatment applies.
    case unspecified
    /// Child treatment: no personalized ads or remarketing, and no advertising identifier sent.
    case child
    /// Teen treatment: no personalized ads or remarketing; the identifier is still sent.
    case teen

    /// The real SDK's value: unspecified 0, child 1, teen 2.
    public var sdkValue: Int {
        switch self {
        case .unspecified: 0
        case .child: 1
        case .teen: 2
        }
    }
}
