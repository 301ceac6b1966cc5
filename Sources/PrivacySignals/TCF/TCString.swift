/// An IAB TCF v2 TC string, decoded: the core segment and the optional segments after it.
///
/// `TCString(decoding:)` reads the text and `encoded` writes it back; every field the core segment
/// defines is here, with the spec's names in the doc comments. Decoding never traps: a malformed
/// string is a ``TCStringError`` naming the segment, the place and the field.
public struct TCString: Hashable, Sendable {
    /// `Version`: 2.
    public var version = 2
    /// `Created`, in deciseconds since 1970-01-01 UTC (day-level since TCF 2.2).
    public var created = 0
    /// `LastUpdated`, in deciseconds since 1970-01-01 UTC.
    public var lastUpdated = 0
    /// `CmpId`: the CMP's registered id.
    public var cmpID = 0
    /// `CmpVersion`.
    public var cmpVersion = 0
    /// `ConsentScreen`: the screen where consent was given.
    public var consentScreen = 0
    /// `ConsentLanguage`: two letters, upper case.
    public var consentLanguage = "EN"
    /// `VendorListVersion`.
    public var vendorListVersion = 0
    /// `TcfPolicyVersion`: 5 for a string written today (TCF Policies v5, from the vendor list of
    /// July 2024; TCF 2.3 and 2.4 keep it), 4 for TCF 2.2's.
    public var policyVersion = 5
    /// `IsServiceSpecific`: must be true.
    public var isServiceSpecific = true
    /// `UseNonStandardTexts`.
    public var usesNonStandardTexts = false
    /// `SpecialFeatureOptIns`: ids 1 to 12.
    public var specialFeatureOptIns: Set<Int> = []
    /// `PurposesConsent`: ids 1 to 24.
    public var purposeConsents: Set<Int> = []
    /// `PurposesLITransparency`: ids 1 to 24 with legitimate interest established (not objected to).
    public var purposeLegitimateInterests: Set<Int> = []
    /// `PurposeOneTreatment`.
    public var purposeOneTreatment = false
    /// `PublisherCC`: two letters, upper case.
    public var publisherCountryCode = "AA"
    /// The vendor consent section.
    public var vendorConsents = TCFVendorSection.empty
    /// The vendor legitimate-interest section.
    public var vendorLegitimateInterests = TCFVendorSection.empty
    /// The publisher restrictions.
    public var publisherRestrictions: [TCFPublisherRestriction] = []
    /// The DisclosedVendors segment (segment type 1), if present; mandatory since TCF 2.3.
    public var disclosedVendors: TCFVendorSection?
    /// The PublisherTC segment (segment type 3), if present.
    public var publisherTC: TCFPublisherSegment?

    /// A string with every field at its default; set the fields, then read `encoded`.
    public init() {}
}

/// A publisher restriction: for one purpose, a restriction type on a list of vendors.
public struct TCFPublisherRestriction: Hashable, Sendable {
    /// `PurposeId`.
    public var purposeID: Int
    /// `RestrictionType`: 0 not allowed, 1 require consent, 2 require legitimate interest, 3 undefined.
    public var restrictionType: Int
    /// The vendors, as entries in the string's order.
    public var vendors: [ClosedRange<Int>]

    /// A restriction.
    public init(purposeID: Int, restrictionType: Int, vendors: [ClosedRange<Int>]) {
        self.purposeID = purposeID
        self.restrictionType = restrictionType
        self.vendors = vendors
    }
}

/// The PublisherTC segment: the publisher's own purposes and custom purposes.
public struct TCFPublisherSegment: Hashable, Sendable {
    /// `PubPurposesConsent`: ids 1 to 24.
    public var purposeConsents: Set<Int> = []
    /// `PubPurposesLITransparency`: ids 1 to 24.
    public var purposeLegitimateInterests: Set<Int> = []
    /// `NumCustomPurposes`.
    public var customPurposeCount = 0
    /// `CustomPurposesConsent`: ids 1 to `customPurposeCount`.
    public var customPurposeConsents: Set<Int> = []
    /// `CustomPurposesLITransparency`: ids 1 to `customPurposeCount`.
    public var customPurposeLegitimateInterests: Set<Int> = []

    /// A segment with nothing consented.
    public init() {}
}
