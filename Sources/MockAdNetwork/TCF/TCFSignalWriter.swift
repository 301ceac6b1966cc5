import AdRequestKit
import HarnessSupport

/// Writes the consent SDK's TCF signals into the app's storage, as a CMP writes user defaults.
///
/// The pre-parsed keys and the TC string say the same thing: ``TCString`` decodes the written
/// string back to the choices.
public struct TCFSignalWriter: Sendable {
    /// The app's storage.
    public let store: any KeyValueStore

    /// Writes into the app's storage.
    public init(store: any KeyValueStore) { self.store = store }

    /// What an update writes: the CMP's presence, and whether GDPR applies where the user is.
    public func writeUpdate(gdprApplies: Bool) {
        store.set(SimulatedCMP.cmpID, forKey: TCFKey.cmpSdkID)
        store.set(SimulatedCMP.cmpVersion, forKey: TCFKey.cmpSdkVersion)
        store.set(gdprApplies ? 1 : 0, forKey: TCFKey.gdprApplies)
    }

    /// The TC string for choices made at a time (deciseconds since 1970, rounded down to the day).
    public static func tcString(for choices: ConsentChoices, at deciseconds: Int) -> TCString {
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
        return tc
    }

    /// What an answer to the consent form writes: the TC string and the same choices pre-parsed.
    public func writeChoices(_ choices: ConsentChoices, gdprApplies: Bool, at deciseconds: Int) throws(TCStringError) {
        let tc = Self.tcString(for: choices, at: deciseconds)
        let text = try tc.encode()
        writeUpdate(gdprApplies: gdprApplies)
        store.set(SimulatedCMP.policyVersion, forKey: TCFKey.policyVersion)
        store.set(SimulatedCMP.publisherCountryCode, forKey: TCFKey.publisherCC)
        store.set(0, forKey: TCFKey.purposeOneTreatment)
        store.set(0, forKey: TCFKey.useNonStandardTexts)
        store.set(text, forKey: TCFKey.tcString)
        store.set(TCFKey.binaryString(choices.purposes, count: 11), forKey: TCFKey.purposeConsents)
        store.set(TCFKey.binaryString(choices.legitimateInterestPurposes, count: 11), forKey: TCFKey.purposeLegitimateInterests)
        store.set(TCFKey.binaryString(choices.specialFeatures, count: 2), forKey: TCFKey.specialFeaturesOptIns)
        store.set(TCFKey.binaryString(choices.vendors, count: tc.vendorConsents.maxVendorID), forKey: TCFKey.vendorConsents)
        store.set(
            TCFKey.binaryString(choices.legitimateInterestVendors, count: tc.vendorLegitimateInterests.maxVendorID),
            forKey: TCFKey.vendorLegitimateInterests
        )
    }

    /// Removes every TCF key.
    public func clear() { for key in TCFKey.all { store.removeValue(forKey: key) } }
}
