import AdRequestKit
import PrivacySignals
import StandInRuntime

/// Whether the GPP string in storage records a US state opt-out, as the ad SDK reads it.
enum USStateOptOut {
    /// True when `IABGPP_HDR_GppString` decodes and its US National section has an opt-out of sale,
    /// sharing or targeted advertising. A string that does not decode records no opt-out: the ad SDK
    /// treats GPP as optional (a harness reading, see the catalogue).
    static func isRecorded(in store: any KeyValueStore) -> Bool {
        guard let text = store.string(forKey: GPPKey.gppString),
            let gpp = try? GPPString(decoding: text),
            let index = gpp.sectionIDs.firstIndex(of: GPPUSNationalSection.id),
            let section = try? GPPUSNationalSection(decoding: gpp.sections[index], index: index + 1)
        else { return false }
        return section.optedOut
    }
}
