import AdHarness
import MockAdNetwork
import PrivacySignals
import StandInRuntime

extension TCFCommand {
    /// What `tcf decode` prints for a GPP string (its header's `Type` 3 makes it start with `D`, as
    /// a TC string starts with `C`): the section ids, every field of the US National and US state
    /// sections, and the serving mode the string gives where GDPR does not apply.
    static func gppLines(_ text: String) throws(TCStringError) -> [String] {
        let gpp = try GPPString(decoding: text)
        var lines = ["GPP sections: " + gpp.sectionIDs.map { "\($0)" + (prefix(of: $0).map { " (\($0))" } ?? "") }.joined(separator: ", ")]
        for (index, id) in gpp.sectionIDs.enumerated() {
            let text = gpp.sections[index]
            if id == GPPUSNationalSection.id {
                lines.append("section \(id) (usnat):")
                lines += nationalLines(try GPPUSNationalSection(decoding: text, index: index + 1))
            } else if GPPUSStateSection.ids.contains(id) {
                let section = try GPPUSStateSection(decoding: text, id: id, index: index + 1)
                lines.append("section \(id) (\(section.prefix)):" + (section.version == nil ? " (no version field)" : ""))
                for name in section.fieldNames {
                    lines.append("  \(name): " + (section[name].map(list) ?? "no sub-section"))
                }
                lines.append("  opted out: \(section.optedOut ? "yes" : "no")")
            } else {
                lines.append("section \(id): not decoded here (\(text))")
            }
        }
        let store = InMemoryKeyValueStore()
        store.set(0, forKey: TCFKey.gdprApplies)
        store.set(text, forKey: GPPKey.gppString)
        let serving = ServingModeOracle.signalsDecision(store: store, now: 0)
        lines.append("serving mode where GDPR does not apply: \(serving.mode.rawValue) (\(serving.rule.rawValue): \(serving.rule.explanation))")
        return lines
    }

    /// The US National section's fields, one a line.
    private static func nationalLines(_ section: GPPUSNationalSection) -> [String] {
        [
            "  Version: \(section.version)", "  Notices: \(list(section.notices))", "  SaleOptOut: \(section.saleOptOut)",
            "  SharingOptOut: \(section.sharingOptOut)", "  TargetedAdvertisingOptOut: \(section.targetedAdvertisingOptOut)",
            "  SensitiveDataProcessing: \(list(section.sensitiveDataProcessing))",
            "  KnownChildSensitiveDataConsents: \(list(section.knownChildSensitiveDataConsents))",
            "  PersonalDataConsents: \(section.personalDataConsents)", "  MspaCoveredTransaction: \(section.mspaCoveredTransaction)",
            "  MspaOptOutOptionMode: \(section.mspaOptOutOptionMode)", "  MspaServiceProviderMode: \(section.mspaServiceProviderMode)",
            "  opted out: \(section.optedOut ? "yes" : "no")",
        ]
    }

    /// `1` for one entry, `[2, 1, 0]` for a list.
    private static func list(_ values: [Int]) -> String {
        values.count == 1 ? "\(values[0])" : "[" + values.map(String.init).joined(separator: ", ") + "]"
    }

    /// The API prefix of a US section id.
    private static func prefix(of id: Int) -> String? {
        id == GPPUSNationalSection.id ? "usnat" : GPPUSStateSection(id: id)?.prefix
    }
}
