import AdRequestKit
import PrivacySignals
import StandInRuntime

/// Whether the GPP string in storage records a US state opt-out, as the ad SDK reads it.
enum USStateOptOut {
    /// True when `IABGPP_HDR_GppString` decodes and its US National section, or one of its US state
    /// sections (8 to 27), has an opt-out of sale, sharing or targeted advertising. A string or a
    /// section that does not decode records no opt-out: the ad SDK treats GPP as optional (a harness
    /// reading, see the catalogue).
    static func isRecorded(in store: any KeyValueStore) -> Bool {
        guard let text = store.string(forKey: GPPKey.gppString), let gpp = try? GPPString(decoding: text) else { return false }
        return isRecorded(in: gpp)
    }

    /// True when a section of the string, national or state, records an opt-out.
    static func isRecorded(in gpp: GPPString) -> Bool {
        zip(gpp.sectionIDs, gpp.sections).enumerated().contains { index, section in
            let (id, text) = section
            if id == GPPUSNationalSection.id { return (try? GPPUSNationalSection(decoding: text, index: index + 1))?.optedOut ?? false }
            guard GPPUSStateSection.ids.contains(id) else { return false }
            return (try? GPPUSStateSection(decoding: text, id: id, index: index + 1))?.optedOut ?? false
        }
    }
}
