/// The IAB TCF signals an app reads from its user defaults, where the consent SDK writes them
/// (the CMP API's pre-parsed keys), and whether they allow personalized ads.
///
/// Read through the app's ``KeyValueStore``, as an app reads `UserDefaults.standard`.
public struct TCFSignals: Hashable, Sendable {
    /// `IABTCF_gdprApplies`: 1, 0, or `nil` while undetermined.
    public var gdprApplies: Int?
    /// `IABTCF_PurposeConsents`: character *n* is purpose *n+1*.
    public var purposeConsents: String
    /// `IABTCF_PurposeLegitimateInterests`.
    public var purposeLegitimateInterests: String
    /// `IABTCF_VendorConsents`: character *n* is vendor *n+1*.
    public var vendorConsents: String
    /// `IABTCF_VendorLegitimateInterests`.
    public var vendorLegitimateInterests: String

    /// Google's id in the IAB's Global Vendor List.
    public static let googleVendorID = 755

    /// Signals as given.
    public init(
        gdprApplies: Int?, purposeConsents: String = "", purposeLegitimateInterests: String = "", vendorConsents: String = "",
        vendorLegitimateInterests: String = ""
    ) {
        self.gdprApplies = gdprApplies
        self.purposeConsents = purposeConsents
        self.purposeLegitimateInterests = purposeLegitimateInterests
        self.vendorConsents = vendorConsents
        self.vendorLegitimateInterests = vendorLegitimateInterests
    }

    /// Reads the signals from the app's storage; a missing key reads as nothing consented.
    public init(store: any KeyValueStore) {
        self.init(
            gdprApplies: store.integer(forKey: "IABTCF_gdprApplies"),
            purposeConsents: store.string(forKey: "IABTCF_PurposeConsents") ?? "",
            purposeLegitimateInterests: store.string(forKey: "IABTCF_PurposeLegitimateInterests") ?? "",
            vendorConsents: store.string(forKey: "IABTCF_VendorConsents") ?? "",
            vendorLegitimateInterests: store.string(forKey: "IABTCF_VendorLegitimateInterests") ?? ""
        )
    }

    /// Whether the signals allow personalized ads: GDPR does not apply, or Google has vendor
    /// consent, purposes 1, 3 and 4 are consented and purposes 2, 7, 9 and 10 are consented or
    /// based on legitimate interest (Google's ad serving modes).
    public var allowPersonalizedAds: Bool {
        guard gdprApplies == 1 else { return true }
        let basic = [2, 7, 9, 10].allSatisfy { Self.isSet(purposeConsents, $0) || Self.isSet(purposeLegitimateInterests, $0) }
        return Self.isSet(vendorConsents, Self.googleVendorID) && [1, 3, 4].allSatisfy { Self.isSet(purposeConsents, $0) } && basic
    }

    /// Whether the stored choice consents to no purpose at all: the user rejected everything in the
    /// consent form. No choice stored (an empty `IABTCF_PurposeConsents`) is no refusal.
    public var consentsToNoPurpose: Bool { !purposeConsents.isEmpty && !purposeConsents.contains("1") }

    /// Whether id `id` (from 1) is `1` in a binary string.
    static func isSet(_ binary: String, _ id: Int) -> Bool {
        let characters = binary.utf8
        guard id >= 1, id <= characters.count else { return false }
        return characters[characters.index(characters.startIndex, offsetBy: id - 1)] == UInt8(ascii: "1")
    }
}
