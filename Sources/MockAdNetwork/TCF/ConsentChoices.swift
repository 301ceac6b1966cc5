/// What the user chose in the consent form, as TCF ids: what the consent SDK writes as signals.
///
/// "Accept all" consents to every purpose, special feature and listed vendor; "reject all" consents
/// to nothing and leaves legitimate interests established, as a CMP's reject button does; a custom
/// answer ("manage options") names each.
public struct ConsentChoices: Hashable, Sendable {
    /// Purposes consented to (1 to 11).
    public var purposes: Set<Int>
    /// Special features opted in to (1 and 2).
    public var specialFeatures: Set<Int>
    /// Vendors consented to (by Global Vendor List id; Google is 755).
    public var vendors: Set<Int>
    /// Purposes whose legitimate interest the user objected to.
    public var objectedPurposes: Set<Int>
    /// Vendors whose legitimate interest the user objected to.
    public var objectedVendors: Set<Int>

    /// Choices; the default consents to nothing and objects to nothing.
    public init(
        purposes: Set<Int> = [],
        specialFeatures: Set<Int> = [],
        vendors: Set<Int> = [],
        objectedPurposes: Set<Int> = [],
        objectedVendors: Set<Int> = []
    ) {
        self.purposes = purposes
        self.specialFeatures = specialFeatures
        self.vendors = vendors
        self.objectedPurposes = objectedPurposes
        self.objectedVendors = objectedVendors
    }

    /// Everything the form asks for.
    public static let acceptAll = ConsentChoices(
        purposes: SimulatedCMP.purposes, specialFeatures: SimulatedCMP.specialFeatures, vendors: SimulatedCMP.vendors
    )
    /// Nothing consented; legitimate interests stay established.
    public static let rejectAll = ConsentChoices()

    /// Purposes with legitimate interest established: those the form bases on it, less objections.
    public var legitimateInterestPurposes: Set<Int> { SimulatedCMP.legitimateInterestPurposes.subtracting(objectedPurposes) }
    /// Vendors with legitimate interest established: every listed vendor, less objections.
    public var legitimateInterestVendors: Set<Int> { SimulatedCMP.vendors.subtracting(objectedVendors) }
    /// Google Ad Technology Providers consented to in the Additional Consent string: every listed one
    /// for "accept all", none for any other answer (the form's provider list is not scripted).
    public var additionalConsentProviders: Set<Int> { self == .acceptAll ? SimulatedCMP.additionalConsentProviders : [] }
}

/// The consent management platform the simulated consent SDK is: its ids and what its form lists.
public enum SimulatedCMP {
    /// `IABTCF_CmpSdkID` and `CmpId`: the id observed in the consent SDK's own writes.
    public static let cmpID = 300
    /// `IABTCF_CmpSdkVersion` and `CmpVersion`.
    public static let cmpVersion = 2
    /// `TcfPolicyVersion` and `IABTCF_PolicyVersion`: 5, the TCF Policies of the vendor list of
    /// July 2024 on, which TCF 2.3 and 2.4 keep (4 was TCF 2.2's).
    public static let policyVersion = 5
    /// `VendorListVersion` of the list the form shows.
    public static let vendorListVersion = 150
    /// The purposes the form asks consent for.
    public static let purposes = Set(1...11)
    /// The purposes the form bases on legitimate interest unless objected to (none of 1 and 3 to 6, as TCF 2.2 allows).
    public static let legitimateInterestPurposes: Set<Int> = [2, 7, 8, 9, 10, 11]
    /// The special features the form offers.
    public static let specialFeatures: Set<Int> = [1, 2]
    /// The vendors the form lists: Google's ad products (755) and two others.
    public static let vendors: Set<Int> = [1, 10, 755]
    /// The Google Ad Technology Providers the form discloses for the Additional Consent string: the
    /// ids of Google's own example, standing in for a publisher's list.
    public static let additionalConsentProviders: Set<Int> = [1, 35, 41, 101]
    /// `IABTCF_PublisherCC`: the spec's default when the publisher's country is not known.
    public static let publisherCountryCode = "AA"

    /// 2026-01-01 00:00 UTC, in deciseconds: the simulated calendar's day at virtual time zero.
    public static let calendarStart = 17_672_256_000

    /// Deciseconds since 1970 at a virtual time (the calendar starts at ``calendarStart``).
    public static func deciseconds(at time: Duration) -> Int {
        let (seconds, attoseconds) = time.components
        return calendarStart + Int(seconds) * 10 + Int(attoseconds / 100_000_000_000_000_000)
    }
}
