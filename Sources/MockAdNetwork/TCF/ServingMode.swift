/// How the ad SDK serves a request under the privacy signals it reads: Google's four ad serving modes.
public enum ServingMode: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    /// No ad is served.
    case none
    /// Limited ads: no personalization and nothing that needs an identifier stored on the device.
    case limited
    /// Non-personalized ads: contextual, with an identifier for frequency capping and measurement.
    case nonPersonalized
    /// Personalized ads.
    case personalized

    /// Modes order from most to least restrictive; the most restrictive signal wins.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The rule of `ServingModeOracle` that decided a request's mode, with its source.
public enum ServingModeRule: String, CaseIterable, Hashable, Sendable, Codable {
    /// `IABTCF_gdprApplies` is 0 or unset: TCF does not limit the request.
    case gdprDoesNotApply
    /// GDPR does not apply, and the GPP string records a US state opt-out of sale, sharing or targeted advertising.
    case usStateOptOut
    /// GDPR does not apply, no US section of the GPP string records an opt-out, and one of them does
    /// not decode: read as an opt-out (the section and the error are the request's `modeNote`).
    case usSectionUndecodable
    /// GDPR applies and there is no TC string.
    case noTCString
    /// The TC string does not decode.
    case invalidTCString
    /// The TC string was last updated more than 13 months ago.
    case consentOutdated
    /// The TC string was written by a CMP Google has not certified (EEA, UK, Switzerland).
    case cmpNotCertified
    /// The TC string has no DisclosedVendors segment, or Google is not among the vendors it lists (TCF 2.3).
    case googleNotDisclosed
    /// Google (vendor 755) has neither consent nor legitimate interest.
    case googleNotAllowed
    /// No consent for purpose 1 (store or access information on the device), or none for Google as a vendor.
    case noStorageConsent
    /// One of purposes 2, 7, 9 and 10 has neither consent nor legitimate interest.
    case basicAdsPurposesMissing
    /// Purposes 3 or 4 (personalized advertising profile and selection) are not consented.
    case personalizationNotConsented
    /// Every purpose personalized ads need is allowed.
    case personalizationAllowed
    /// The signals allow personalized ads, and the request carries `npa=1`: the most restrictive signal wins.
    case nonPersonalizedRequested
    /// GDPR does not apply, and the IAB's US Privacy string (`IABUSPrivacy_String`) records an opt-out of sale.
    case usPrivacyStringOptOut
    /// GDPR does not apply, and the user chose "don't personalize my ads" in the ads personalization controls message.
    case personalizationControlsOptOut
    /// The signals allow personalized ads, and the request asks for restricted data processing (`gad_rdp=1`).
    case restrictedDataProcessingRequested
    /// The signals allow personalized ads, and the request is tagged child-directed.
    case childDirectedTreatment
    /// The signals allow personalized ads, and the request is tagged under the age of consent.
    case underAgeOfConsent
    /// The signals allow personalized ads, and the request receives child age treatment.
    case childAgeTreatment
    /// The signals allow personalized ads, and the request receives teen age treatment.
    case teenAgeTreatment

    /// The mode the rule gives.
    package var mode: ServingMode {
        switch self {
        case .gdprDoesNotApply, .personalizationAllowed: .personalized
        case .invalidTCString, .consentOutdated, .googleNotAllowed: .none
        case .noTCString, .noStorageConsent, .basicAdsPurposesMissing, .cmpNotCertified, .googleNotDisclosed: .limited
        case .personalizationNotConsented, .nonPersonalizedRequested, .usStateOptOut, .usSectionUndecodable: .nonPersonalized
        case .usPrivacyStringOptOut, .restrictedDataProcessingRequested, .personalizationControlsOptOut: .nonPersonalized
        case .childDirectedTreatment, .underAgeOfConsent, .childAgeTreatment, .teenAgeTreatment: .nonPersonalized
        }
    }

    /// The rule in one sentence.
    package var explanation: String {
        switch self {
        case .gdprDoesNotApply: "GDPR does not apply (IABTCF_gdprApplies 0 or unset) and no US state opt-out is recorded: no limit"
        case .usStateOptOut:
            "the GPP string (IABGPP_HDR_GppString) records a US state opt-out of sale, sharing or targeted advertising: "
                + "restricted data processing, non-personalized ads"
        case .usSectionUndecodable:
            "a US section of the GPP string (IABGPP_HDR_GppString) does not decode: read as an opt-out, as an unreadable TC string is "
                + "read as the most restrictive signal; restricted data processing, non-personalized ads"
        case .noTCString: "GDPR applies but no TC string is stored: limited ads"
        case .invalidTCString: "the TC string does not decode: no ads"
        case .consentOutdated: "the TC string was last updated more than 13 months ago: no ads until consent is asked again"
        case .cmpNotCertified: "the TC string comes from a CMP Google has not certified: limited ads only"
        case .googleNotDisclosed:
            "the TC string has no DisclosedVendors segment, or it does not list Google (vendor 755): no personal data, limited ads (TCF 2.3)"
        case .usPrivacyStringOptOut:
            "the US Privacy string (IABUSPrivacy_String) says the user opted out of sale: restricted data processing, non-personalized ads"
        case .restrictedDataProcessingRequested: "the request carries gad_rdp=1: restricted data processing, non-personalized ads"
        case .personalizationControlsOptOut:
            "the user chose \"don't personalize my ads\" in the ads personalization controls message: non-personalized ads"
        case .googleNotAllowed: "Google (vendor 755) has neither consent nor legitimate interest: no ads"
        case .noStorageConsent: "no consent for purpose 1, or none for Google as a vendor: limited ads"
        case .basicAdsPurposesMissing: "purpose 2, 7, 9 or 10 has neither consent nor legitimate interest: limited ads"
        case .personalizationNotConsented: "purposes 1, 2, 7, 9, 10 allowed but 3 or 4 not consented: non-personalized ads"
        case .personalizationAllowed: "purposes 1, 3, 4 consented, 2, 7, 9, 10 consented or legitimate interest, Google consented: personalized ads"
        case .nonPersonalizedRequested: "the request carries npa=1: non-personalized, the most restrictive signal wins"
        case .childDirectedTreatment: "the request is tagged child-directed: no personalized ads, no advertising identifier sent"
        case .underAgeOfConsent: "the request is tagged under the age of consent: no personalized ads"
        case .childAgeTreatment: "the request receives child age treatment: no personalized ads, no advertising identifier sent"
        case .teenAgeTreatment: "the request receives teen age treatment: no personalized ads (the identifier is still sent)"
        }
    }

    /// Where the rule comes from.
    package var source: String {
        switch self {
        case .gdprDoesNotApply:
            "IAB Tech Lab CMP API v2, In-App Details (IABTCF_gdprApplies); GDPR-Transparency-and-Consent-Framework @10b489e"
        case .usStateOptOut:
            "Google, https://support.google.com/admob/answer/14125907 (restricted data processing serves non-personalized ads only) "
                + "and https://support.google.com/admob/answer/14126918 (AdMob reads GPP US sections); IAB Tech Lab, GPP US National section "
                + "(Global-Privacy-Platform @2fb2639, SaleOptOut, SharingOptOut, TargetedAdvertisingOptOut: 1 opted out)"
        case .usSectionUndecodable:
            "harness reading: Google does not say how an unreadable GPP US section is served; the harness reads it as the most "
                + "restrictive thing it can say (an opt-out), as it reads an unreadable TC string (https://support.google.com/admob/answer/9999955)"
        case .noTCString:
            "Google, https://support.google.com/admanager/answer/9882911 (limited ads for EEA, UK and CH requests without a TC string)"
        case .invalidTCString, .consentOutdated:
            "Google, https://support.google.com/admob/answer/9999955 (TCF errors; 3.3: last updated more than 13 months ago)"
        case .cmpNotCertified:
            "Google, https://support.google.com/admob/answer/13554020 (a Google-certified CMP is required in the EEA and the UK since "
                + "2024-01-16 and in Switzerland since 2024-07-31; without one only limited ads)"
        case .googleNotDisclosed:
            "IAB Tech Lab, Consent string and vendor list formats v2 (TCF 2.3, GDPR-Transparency-and-Consent-Framework, June 2025: the "
                + "DisclosedVendors segment is mandatory; a vendor not disclosed may not process personal data); that Google then serves "
                + "limited ads is a harness reading (ServingPolicy.requiresDisclosedVendors turns the check off)"
        case .personalizationControlsOptOut:
            "Google, https://support.google.com/admob/answer/13978207 (ads personalization controls: the user's choice is enforced in "
                + "ad serving; seen through a mirror); superseded where a regulation message applies"
        case .usPrivacyStringOptOut, .restrictedDataProcessingRequested:
            "Google, https://developers.google.com/admob/ios/privacy/us-states (restricted data processing signalled by gad_rdp, "
                + "IABUSPrivacy_String or GPP); https://support.google.com/admob/answer/14125907 (restricted data processing serves "
                + "non-personalized ads only); IAB Tech Lab, US Privacy string (third character Y: opted out of sale)"
        case .googleNotAllowed:
            "Google, https://developers.google.com/admob/ios/privacy/ad-serving-modes (vendor consent needed besides purpose consent); harness reading: no legal basis at all means no ad"
        case .noStorageConsent:
            "Google, https://support.google.com/admanager/answer/9882911 (limited ads when there is no consent for purpose 1)"
        case .basicAdsPurposesMissing:
            "Google, https://developers.google.com/admob/ios/privacy/ad-serving-modes (both modes need 2, 7, 9, 10) and https://support.google.com/admanager/answer/9882911 (limited when neither mode is allowed)"
        case .personalizationNotConsented, .personalizationAllowed:
            "Google, https://developers.google.com/admob/ios/privacy/ad-serving-modes (the purposes of each mode)"
        case .nonPersonalizedRequested:
            "Google, https://support.google.com/admanager/answer/14323214 (the most restrictive privacy signal takes precedence)"
        case .childDirectedTreatment:
            "Google, https://developers.google.com/admob/ios/targeting (child-directed setting: no interest-based or remarketing ads, no IDFA sent)"
        case .underAgeOfConsent:
            "Google, https://developers.google.com/admob/ios/targeting (users under the age of consent: no personalized ads, remarketing included)"
        case .childAgeTreatment:
            "Google, https://support.google.com/admob/answer/9009425 (CHILD: personalized ads and remarketing disabled, IDFA not transmitted)"
        case .teenAgeTreatment:
            "Google, https://support.google.com/admob/answer/9009425 and https://support.google.com/admanager/answer/3671211 "
                + "(TEEN: personalized ads and remarketing disabled)"
        }
    }
}

/// A request's mode and the rule that decided it.
public struct ServingDecision: Hashable, Sendable {
    /// The mode the ad SDK serves.
    public var mode: ServingMode
    /// The rule that decided it.
    package var rule: ServingModeRule
    /// What the rule read that the rule's name does not say: for `usSectionUndecodable`, which
    /// section did not decode and why (the `ads.request` field `modeNote`).
    package var note: String?

    /// A decision by a rule, in the rule's mode.
    package init(_ rule: ServingModeRule, note: String? = nil) {
        self.mode = rule.mode
        self.rule = rule
        self.note = note
    }
}
