import AdRequestKit
import PrivacySignals
import StandInRuntime

/// Writes the consent SDK's TCF signals into the app's storage, as a CMP writes user defaults.
///
/// The pre-parsed keys and the TC string say the same thing: `TCString` decodes the written
/// string back to the choices. The publisher asks for the same purposes as the vendors and has no
/// custom purposes, so its keys repeat the purpose choices and its custom-purpose keys are empty.
package struct TCFSignalWriter: Sendable {
    /// The app's storage.
    package let store: any KeyValueStore
    /// Whether the CMP writes `IABTCF_EnableAdvertiserConsentMode` = 1 (``ConsentSDKSettings/enablesAdvertiserConsentMode``).
    package let enablesAdvertiserConsentMode: Bool

    /// Writes into the app's storage; `enablesAdvertiserConsentMode` adds the key that turns on the
    /// analytics SDK's TCF link.
    package init(store: any KeyValueStore, enablesAdvertiserConsentMode: Bool = false) {
        self.store = store
        self.enablesAdvertiserConsentMode = enablesAdvertiserConsentMode
    }

    /// What an update writes: the CMP's presence, whether GDPR applies where the user is, and,
    /// where the CMP turned it on, advertiser consent mode.
    package func writeUpdate(gdprApplies: Bool) {
        store.set(SimulatedCMP.cmpID, forKey: TCFKey.cmpSdkID)
        store.set(SimulatedCMP.cmpVersion, forKey: TCFKey.cmpSdkVersion)
        store.set(gdprApplies ? 1 : 0, forKey: TCFKey.gdprApplies)
        if enablesAdvertiserConsentMode { store.set(1, forKey: TCFKey.enableAdvertiserConsentMode) }
    }

    /// The TC string for choices made at a time (deciseconds since 1970, rounded down to the day).
    package static func tcString(for choices: ConsentChoices, at deciseconds: Int) -> TCString {
        var tc = TCString()
        tc.created = deciseconds - deciseconds % TCString.decisecondsPerDay
        tc.lastUpdated = tc.created
        tc.cmpID = SimulatedCMP.cmpID
        tc.cmpVersion = SimulatedCMP.cmpVersion
        tc.consentScreen = 1
        tc.vendorListVersion = SimulatedCMP.vendorListVersion
        tc.policyVersion = SimulatedCMP.policyVersion
        tc.specialFeatureOptIns = choices.specialFeatures
        tc.purposeConsents = choices.purposes
        tc.purposeLegitimateInterests = choices.legitimateInterestPurposes
        tc.publisherCountryCode = SimulatedCMP.publisherCountryCode
        tc.vendorConsents = TCFVendorSection(ids: choices.vendors)
        tc.vendorLegitimateInterests = TCFVendorSection(ids: choices.legitimateInterestVendors)
        tc.disclosedVendors = TCFVendorSection(ids: SimulatedCMP.vendors)
        var publisher = TCFPublisherSegment()
        publisher.purposeConsents = choices.purposes
        publisher.purposeLegitimateInterests = choices.legitimateInterestPurposes
        tc.publisherTC = publisher
        return tc
    }

    /// What an answer to the consent form writes: the TC string and the same choices pre-parsed.
    package func writeChoices(_ choices: ConsentChoices, gdprApplies: Bool, at deciseconds: Int) throws(TCStringError) {
        let signals = try Self.answerSignals(choices, day: deciseconds - deciseconds % TCString.decisecondsPerDay)
        writeUpdate(gdprApplies: gdprApplies)
        for (key, value) in signals {
            switch value {
            case .integer(let number): store.set(number, forKey: key)
            case .string(let text): store.set(text, forKey: key)
            case .bool(let flag): store.set(flag, forKey: key)
            }
        }
    }

    /// The keys an answer writes after the update's, in order. They depend only on the choices and
    /// the day, and every run of a search writes the same few: each set is encoded once and kept.
    static func answerSignals(_ choices: ConsentChoices, day: Int) throws(TCStringError) -> [(String, InMemoryKeyValueStore.StoredValue)] {
        let key = AnswerKey(choices: choices, day: day)
        if let known = written.withLock({ $0[key] }) { return known }
        let tc = tcString(for: choices, at: day)
        let text = try tc.encode()
        let signals: [(String, InMemoryKeyValueStore.StoredValue)] = [
            (TCFKey.policyVersion, .integer(SimulatedCMP.policyVersion)),
            (TCFKey.publisherCC, .string(SimulatedCMP.publisherCountryCode)),
            (TCFKey.purposeOneTreatment, .integer(0)),
            (TCFKey.useNonStandardTexts, .integer(0)),
            (TCFKey.tcString, .string(text)),
            (TCFKey.purposeConsents, .string(TCFKey.binaryString(choices.purposes, count: 11))),
            (TCFKey.purposeLegitimateInterests, .string(TCFKey.binaryString(choices.legitimateInterestPurposes, count: 11))),
            (TCFKey.specialFeaturesOptIns, .string(TCFKey.binaryString(choices.specialFeatures, count: 2))),
            (TCFKey.vendorConsents, .string(TCFKey.binaryString(choices.vendors, count: tc.vendorConsents.maxVendorID))),
            (
                TCFKey.vendorLegitimateInterests,
                .string(TCFKey.binaryString(choices.legitimateInterestVendors, count: tc.vendorLegitimateInterests.maxVendorID))
            ),
            (TCFKey.disclosedVendors, .string(TCFKey.binaryString(SimulatedCMP.vendors, count: tc.disclosedVendors?.maxVendorID ?? 0))),
            (TCFKey.publisherConsent, .string(TCFKey.binaryString(choices.purposes, count: 11))),
            (TCFKey.publisherLegitimateInterests, .string(TCFKey.binaryString(choices.legitimateInterestPurposes, count: 11))),
            (TCFKey.publisherCustomPurposesConsents, .string("")),
            (TCFKey.publisherCustomPurposesLegitimateInterests, .string("")),
            (
                TCFKey.additionalConsent,
                .string(
                    AdditionalConsentString.text(
                        consented: choices.additionalConsentProviders, disclosed: SimulatedCMP.additionalConsentProviders
                    ))
            ),
        ]
        written.withLock { cache in
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = signals
        }
        return signals
    }

    /// What identifies a set of answer signals.
    struct AnswerKey: Hashable {
        let choices: ConsentChoices
        let day: Int
    }

    /// The answer signals encoded so far, bounded.
    private static let written = Locked<[AnswerKey: [(String, InMemoryKeyValueStore.StoredValue)]]>([:])

    /// Removes every TCF key.
    package func clear() { for key in TCFKey.all { store.removeValue(forKey: key) } }
}
