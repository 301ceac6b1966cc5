import AdRequestKit
import PrivacySignals
import StandInRuntime

/// Which mode the ad SDK serves a request in, from the TCF signals in the app's storage and the
/// request's `npa`, as Google's ad serving modes describe.
///
/// It reads the TC string itself (the ad SDK consumes the string, not the pre-parsed keys) and
/// applies the rules in order; the first that matches decides. `npa=1` and the audience tags of the
/// request configuration (child-directed, under the age of consent, child or teen age treatment) can only
/// lower a mode, never raise it. Where GDPR does not apply, a US state opt-out recorded in the GPP
/// string gives non-personalized ads (restricted data processing), and so does a US section that
/// does not decode: as a TC string that does not decode gives the most restrictive mode TCF can
/// give, an unreadable US section is read as the most restrictive thing it can say, an opt-out. The tracking status does not
/// enter: the ad SDK serves by the privacy signals, and the harness's rules compare the mode
/// with the tracking status.
package enum ServingModeOracle {
    /// Google's vendor id in the Global Vendor List.
    package static let googleVendorID = 755
    /// 13 months, in deciseconds: the same lifetime after which the consent SDK asks again.
    static let consentLifetime = ConsentExpiry.lifetime

    /// The mode for a request.
    ///
    /// - Parameters:
    ///   - store: the app's storage, where the consent SDK wrote its signals.
    ///   - nonPersonalizedRequested: whether the request carries `npa=1`.
    ///   - now: deciseconds since 1970, to judge the string's age.
    ///   - configuration: the audience tags in force; a tag that rules out personalized ads lowers the mode as `npa=1` does.
    ///   - inEEA: whether the ad network places the request in the EEA (it geolocates the device):
    ///     there, a request with no GDPR signal stored yet is treated as one without a TC string.
    ///   - restrictedDataProcessingRequested: whether the request carries `gad_rdp=1`.
    ///   - policy: what the ad network requires of the signals (TCF 2.3, certified CMPs).
    package static func decide(
        store: any KeyValueStore, nonPersonalizedRequested: Bool, now: Int, configuration: AdRequestConfiguration = AdRequestConfiguration(),
        inEEA: Bool = false, restrictedDataProcessingRequested: Bool = false, policy: ServingPolicy = ServingPolicy()
    ) -> ServingDecision {
        let signals = signalsDecision(store: store, now: now, inEEA: inEEA, policy: policy)
        guard signals.mode == .personalized else { return signals }
        if let tag = audienceRule(configuration) { return ServingDecision(tag) }
        if nonPersonalizedRequested { return ServingDecision(.nonPersonalizedRequested) }
        if restrictedDataProcessingRequested { return ServingDecision(.restrictedDataProcessingRequested) }
        return signals
    }

    /// The request extra asking for restricted data processing, and the value that asks for it.
    package static let restrictedDataProcessingKey = "gad_rdp"

    /// The app's storage key for the IAB's US Privacy string (CCPA); its third character `Y` is an opt-out of sale.
    package static let usPrivacyStringKey = "IABUSPrivacy_String"

    /// Whether the US Privacy string in storage records an opt-out of sale: version 1, and `Y` as the
    /// third character. A string of another form records nothing.
    static func usPrivacyOptOut(in store: any KeyValueStore) -> Bool {
        guard let text = store.string(forKey: usPrivacyStringKey), text.count == 4, text.first == "1" else { return false }
        return Array(text)[2] == "Y"
    }

    /// The rule of the most conservative audience tag that rules out personalized ads: the two
    /// that also withhold the identifier (child-directed, then child age treatment) before the two
    /// that do not (under the age of consent, then teen age treatment).
    static func audienceRule(_ configuration: AdRequestConfiguration) -> ServingModeRule? {
        if configuration.childDirectedTreatment == true { return .childDirectedTreatment }
        if configuration.ageTreatment == .child { return .childAgeTreatment }
        if configuration.underAgeOfConsent == true { return .underAgeOfConsent }
        if configuration.ageTreatment == .teen { return .teenAgeTreatment }
        return nil
    }

    /// The mode the signals alone allow, as if the request carried no `npa`. With `inEEA`, an unset
    /// `IABTCF_gdprApplies` counts as GDPR applying: the ad network places the request itself.
    package static func signalsDecision(store: any KeyValueStore, now: Int, inEEA: Bool = false, policy: ServingPolicy = ServingPolicy()) -> ServingDecision {
        let gdprApplies = store.integer(forKey: TCFKey.gdprApplies).map { $0 == 1 } ?? inEEA
        guard gdprApplies else {
            switch USStateOptOut.read(in: store) {
            case .optedOut: return ServingDecision(.usStateOptOut)
            case .undecodable(let id, let error):
                return ServingDecision(.usSectionUndecodable, note: "GPP US section \(id) does not decode, read as an opt-out: \(error)")
            case .none: break
            }
            if usPrivacyOptOut(in: store) { return ServingDecision(.usPrivacyStringOptOut) }
            return ServingDecision(ConsentStorage(store: store).personalizationOptOutInForce ? .personalizationControlsOptOut : .gdprDoesNotApply)
        }
        guard let text = store.string(forKey: TCFKey.tcString) else { return ServingDecision(.noTCString) }
        guard let tc = decoded(text) else { return ServingDecision(.invalidTCString) }
        return decide(tc, now: now, policy: policy)
    }

    /// Strings decoded so far: the same few strings are read on every request and every state
    /// snapshot of a run, and decoding is a pure function of the text. Bounded, so a test that
    /// writes many strings cannot grow it without end.
    private static let decodedStrings = Locked<[String: TCString?]>([:])

    /// The decoded string, or `nil` if it does not decode.
    static func decoded(_ text: String) -> TCString? {
        if let known = decodedStrings.withLock({ $0[text] }) { return known }
        let tc = try? TCString(decoding: text)
        decodedStrings.withLock { cache in
            if cache.count >= 512 { cache.removeAll() }
            cache[text] = .some(tc)
        }
        return tc
    }

    /// The mode a decoded TC string allows.
    package static func decide(_ tc: TCString, now: Int, policy: ServingPolicy = ServingPolicy()) -> ServingDecision {
        // The most restrictive first: no ads, then limited ads.
        if now - tc.lastUpdated > consentLifetime { return ServingDecision(.consentOutdated) }
        let googleConsented = tc.vendorConsents.ids.contains(googleVendorID)
        if !googleConsented && !tc.vendorLegitimateInterests.ids.contains(googleVendorID) { return ServingDecision(.googleNotAllowed) }
        if let certified = policy.certifiedCMPIDs, !certified.contains(tc.cmpID) { return ServingDecision(.cmpNotCertified) }
        if policy.requiresDisclosedVendors, tc.disclosedVendors?.ids.contains(googleVendorID) != true {
            return ServingDecision(.googleNotDisclosed)
        }
        if !googleConsented || !tc.purposeConsents.contains(1) { return ServingDecision(.noStorageConsent) }
        let allowed = tc.purposeConsents.union(tc.purposeLegitimateInterests)
        if ![2, 7, 9, 10].allSatisfy(allowed.contains) { return ServingDecision(.basicAdsPurposesMissing) }
        if !tc.purposeConsents.isSuperset(of: [3, 4]) { return ServingDecision(.personalizationNotConsented) }
        return ServingDecision(.personalizationAllowed)
    }
}
