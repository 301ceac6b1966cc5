/// The user-defaults keys of the IAB's in-app CMP API (TCF v2.2) that the consent SDK writes.
public enum TCFKey {
    /// Number: the CMP's id, set as soon as the CMP starts.
    public static let cmpSdkID = "IABTCF_CmpSdkID"
    /// Number: the CMP's version.
    public static let cmpSdkVersion = "IABTCF_CmpSdkVersion"
    /// Number: the TCF policy version of the consents.
    public static let policyVersion = "IABTCF_PolicyVersion"
    /// Number: 1 if GDPR applies, 0 if not; unset while undetermined.
    public static let gdprApplies = "IABTCF_gdprApplies"
    /// String: the publisher's country, two letters.
    public static let publisherCC = "IABTCF_PublisherCC"
    /// Number: 1 if purpose 1 was not disclosed.
    public static let purposeOneTreatment = "IABTCF_PurposeOneTreatment"
    /// Number: 1 if the form's texts were customised.
    public static let useNonStandardTexts = "IABTCF_UseNonStandardTexts"
    /// String: the whole TC string.
    public static let tcString = "IABTCF_TCString"
    /// Binary string: character *n* is vendor *n+1*'s consent.
    public static let vendorConsents = "IABTCF_VendorConsents"
    /// Binary string: vendor legitimate interests.
    public static let vendorLegitimateInterests = "IABTCF_VendorLegitimateInterests"
    /// Binary string: purpose consents.
    public static let purposeConsents = "IABTCF_PurposeConsents"
    /// Binary string: purpose legitimate interests.
    public static let purposeLegitimateInterests = "IABTCF_PurposeLegitimateInterests"
    /// Binary string: special feature opt-ins.
    public static let specialFeaturesOptIns = "IABTCF_SpecialFeaturesOptIns"

    /// Every key the consent SDK writes, cleared on reset.
    public static let all = [
        cmpSdkID, cmpSdkVersion, policyVersion, gdprApplies, publisherCC, purposeOneTreatment, useNonStandardTexts, tcString,
        vendorConsents, vendorLegitimateInterests, purposeConsents, purposeLegitimateInterests, specialFeaturesOptIns,
    ]

    /// A binary string: character *n* is `1` when the set holds id *n+1*, up to `count` characters.
    public static func binaryString(_ ids: Set<Int>, count: Int) -> String {
        String((0..<count).map { ids.contains($0 + 1) ? "1" : "0" })
    }
}
