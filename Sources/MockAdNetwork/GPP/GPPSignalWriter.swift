import AdRequestKit
import PrivacySignals
import StandInRuntime

/// Writes the consent SDK's GPP signals after a US states decision: a GPP string with the US
/// National section, whose opt-outs of sale, sharing and targeted advertising follow the answer.
package struct GPPSignalWriter: Sendable {
    /// The app's storage.
    package let store: any KeyValueStore

    /// Writes into the app's storage.
    package init(store: any KeyValueStore) { self.store = store }

    /// The US National section for a decision, in the latest version (2): every opt-out notice
    /// given, and the three opt-outs taken (1) or not (2) together, as one privacy-options answer sets them.
    package static func section(optedOut: Bool) -> GPPUSNationalSection {
        var section = GPPUSNationalSection()
        section.notices = [1, 1, 1, 1, 0, 0]
        let choice = optedOut ? 1 : 2
        (section.saleOptOut, section.sharingOptOut, section.targetedAdvertisingOptOut) = (choice, choice, choice)
        return section
    }

    /// The GPP string for a decision (the section's fields are fixed and always fit).
    package static func gppString(optedOut: Bool) -> String {
        let text = (try? section(optedOut: optedOut).encode()) ?? ""
        return GPPString(sections: [(GPPUSNationalSection.id, text)]).encoded
    }

    /// What an answer to the privacy-options form in a regulated US state writes.
    package func writeDecision(optedOut: Bool) {
        store.set(Self.gppString(optedOut: optedOut), forKey: GPPKey.gppString)
        store.set(String(GPPUSNationalSection.id), forKey: GPPKey.sectionIDs)
    }

    /// Removes every GPP key.
    package func clear() { for key in GPPKey.all { store.removeValue(forKey: key) } }
}
