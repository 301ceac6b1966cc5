/// The user-defaults keys of the IAB's in-app CMP API (TCF v2.2) that the consent SDK writes.
package enum TCFKey {
    /// Number: the CMP's id, set as soon as the CMP starts.
    package static let cmpSdkID = "IABTCF_CmpSdkID"
    /// Number: the CMP's version.
    package static let cmpSdkVersion = "IABTCF_CmpSdkVersion"
    /// Number: the TCF policy version of the consents.
    package static let policyVersion = "IABTCF_PolicyVersion"
    /// Number: 1 if GDPR applies, 0 if not; unset while undetermined.
    package static let gdprApplies = "IABTCF_gdprApplies"
    /// String: the publisher's country, two letters.
    package static let publisherCC = "IABTCF_PublisherCC"
    /// Number: 1 if purpose 1 was not disclosed.
    package static let purposeOneTreatment = "IABTCF_PurposeOneTreatment"
    /// Number: 1 if the form's texts were customised.
    package static let useNonStandardTexts = "IABTCF_UseNonStandardTexts"
    /// String: the whole TC string.
    package static let tcString = "IABTCF_TCString"
    /// Binary string: character *n* is vendor *n+1*'s consent.
    package static let vendorConsents = "IABTCF_VendorConsents"
    /// Binary string: vendor legitimate interests.
    package static let vendorLegitimateInterests = "IABTCF_VendorLegitimateInterests"
    /// Binary string: purpose consents.
    package static let purposeConsents = "IABTCF_PurposeConsents"
    /// Binary string: purpose legitimate interests.
    package static let purposeLegitimateInterests = "IABTCF_PurposeLegitimateInterests"
    /// Binary string: special feature opt-ins.
    package static let specialFeaturesOptIns = "IABTCF_SpecialFeaturesOptIns"
    /// Binary string: the vendors the form disclosed.
    package static let disclosedVendors = "IABTCF_DisclosedVendors"
    /// Binary string: the publisher's own purposes consented, by purpose id.
    package static let publisherConsent = "IABTCF_PublisherConsent"
    /// Binary string: the publisher's own purposes with legitimate interest established.
    package static let publisherLegitimateInterests = "IABTCF_PublisherLegitimateInterests"
    /// Binary string: the publisher's custom purposes consented, by custom purpose id.
    package static let publisherCustomPurposesConsents = "IABTCF_PublisherCustomPurposesConsents"
    /// Binary string: the publisher's custom purposes with legitimate interest established.
    package static let publisherCustomPurposesLegitimateInterests = "IABTCF_PublisherCustomPurposesLegitimateInterests"
    /// String: Google's Additional Consent string (`2~consented ids~dv.disclosed ids`).
    package static let additionalConsent = "IABTCF_AddtlConsent"
    /// Number: 1 where the CMP turned on Google's advertiser consent mode (`TCData.enableAdvertiserConsentMode`),
    /// so that Google's analytics SDK derives its consent state from these signals.
    package static let enableAdvertiserConsentMode = "IABTCF_EnableAdvertiserConsentMode"

    /// Every key the consent SDK writes, cleared on reset.
    package static let all = [
        cmpSdkID, cmpSdkVersion, policyVersion, gdprApplies, publisherCC, purposeOneTreatment, useNonStandardTexts, tcString,
        vendorConsents, vendorLegitimateInterests, purposeConsents, purposeLegitimateInterests, specialFeaturesOptIns,
        disclosedVendors, publisherConsent, publisherLegitimateInterests, publisherCustomPurposesConsents,
        publisherCustomPurposesLegitimateInterests, additionalConsent, enableAdvertiserConsentMode,
    ]

    /// A binary string: character *n* is `1` when the set holds id *n+1*, up to `count` characters.
    package static func binaryString(_ ids: Set<Int>, count: Int) -> String {
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: count)
        for id in ids where id >= 1 && id <= count { bytes[id - 1] = UInt8(ascii: "1") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
