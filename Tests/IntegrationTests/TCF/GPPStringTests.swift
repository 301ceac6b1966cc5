import HarnessSupport
import MockAdNetwork
@testable import PrivacySignals
import Testing

/// The GPP header and US National section codec against the spec's examples, by round trip, on
/// broken input, and the keys the consent stand-in writes with them.
@Suite("GPP string codec")
struct GPPStringTests {
    /// Decoding an encoded header, or the error, as text.
    static func outcome(_ text: String) -> String {
        do { return "\(try GPPString(decoding: text).sectionIDs)" } catch { return "\(error)" }
    }

    @Test("the spec's header examples decode to their section ids, and ours encode as the spec does")
    func specHeaders() {
        // IAB Tech Lab, GPP "Consent String Specification", header examples 1-3 (Global-Privacy-Platform, Core/).
        let decoded = ["DBABM~a", "DBACNY~a~b", "DBABjw~a~b"].map(Self.outcome)
        let encoded = [[2], [2, 6]].map { ids in GPPString(sections: ids.map { ($0, "a") }).encoded }
        #expect(decoded + encoded == ["[2]", "[2, 6]", "[5, 6]", "DBABM~a", "DBACNY~a~a"])
    }

    @Test("what the stand-in writes decodes to the decision it records", arguments: [true, false])
    func writtenDecisionRoundTrips(_ optedOut: Bool) throws {
        let store = InMemoryKeyValueStore()
        GPPSignalWriter(store: store).writeDecision(optedOut: optedOut)
        let gpp = try GPPString(decoding: try #require(store.string(forKey: GPPKey.gppString)))
        let section = try GPPUSNationalSection(decoding: try #require(gpp.section(GPPUSNationalSection.id)))
        #expect(section == GPPSignalWriter.section(optedOut: optedOut) && section.optedOut == optedOut)
        #expect([gpp.sectionIDs.map(String.init).joined(separator: "_"), try section.encode()] == [store.string(forKey: GPPKey.sectionIDs), gpp.sections[0]])
    }

    @Test("reset clears the GPP keys with the TCF keys")
    func resetClears() {
        let store = InMemoryKeyValueStore()
        GPPSignalWriter(store: store).writeDecision(optedOut: true)
        ConsentStorage(store: store).clear()
        #expect(store.contents.keys.filter { $0.hasPrefix("IABGPP_") } == [])
    }

    @Test("malformed strings are errors that say where and what was expected")
    func malformed() {
        #expect(["", "CBABM~a", "DBABM", "DBABM~", "DBABL~!"].map(Self.outcome) + [
            (try? GPPUSNationalSection(decoding: "BVVVVVVV")).map { _ in "decoded" } ?? "refused",
        ] == [
            "segment 0 (header): expected a base64 header, found an empty one",
            "segment 0 (header), bit 0, Type: expected 3 (a GPP header), found 2",
            "segment 0 (header), Sections: expected 1 sections after the header, found 0",
            "segment 1: expected the text of section 2, found an empty one",
            "[7]",
            "refused",
        ])
    }

    @Test("a section that does not fit its fields is an error when encoded")
    func encodingRefusesWhatDoesNotFit() {
        var section = GPPUSNationalSection()
        section.saleOptOut = 4
        #expect(throws: TCStringError(segment: .init(index: 1, name: "usnat"), field: "SaleOptOut", message: "expected 0 to 3, found 4")) {
            try section.encode()
        }
    }

    @Test("mutated strings end in a value or an error, never a crash (seeded)")
    func fuzz() {
        let seeds = [GPPSignalWriter.gppString(optedOut: true), GPPSignalWriter.gppString(optedOut: false), "DBACNY~a~b"]
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~!"
        var outcomes = (decoded: 0, errors: 0)
        for text in MutatedStrings(of: seeds, count: 2_000, seed: 17, alphabet: alphabet, maximumEdits: 3) {
            do {
                let gpp = try GPPString(decoding: text)
                if let usnat = gpp.section(GPPUSNationalSection.id) { _ = try GPPUSNationalSection(decoding: usnat) }
                outcomes.decoded += 1
            } catch {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.decoded > 100 && outcomes.errors > 100, "\(outcomes)")
    }
}
