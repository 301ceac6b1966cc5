import MockAdNetwork
import StandInRuntime
import Testing

@testable import PrivacySignals

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

    /// A US National section of a version from its entries in the spec's order: the six notices,
    /// the three opt-outs, the sensitive-data list, the known-child list, then `PersonalDataConsents`
    /// and the three MSPA fields.
    static func section(version: Int, _ values: [Int]) -> GPPUSNationalSection {
        var section = GPPUSNationalSection(version: version)
        let (sensitive, child) = (section.sensitiveDataProcessing.count, section.knownChildSensitiveDataConsents.count)
        let tail = 9 + sensitive + child
        section.notices = Array(values[0..<6])
        (section.saleOptOut, section.sharingOptOut, section.targetedAdvertisingOptOut) = (values[6], values[7], values[8])
        section.sensitiveDataProcessing = Array(values[9..<9 + sensitive])
        section.knownChildSensitiveDataConsents = Array(values[9 + sensitive..<tail])
        (section.personalDataConsents, section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) =
            (values[tail], values[tail + 1], values[tail + 2], values[tail + 3])
        return section
    }

    /// Entries every field of which is `value`, for a version.
    static func all(_ value: Int, version: Int) -> [Int] { Array(repeating: value, count: version == 1 ? 27 : 32) }

    /// Published US National core segments and what they hold.
    ///
    /// - iabgpp-es @fd0546e7b28e7e186bc27aac6375e6c10a80e47e (v3.2.0),
    ///   `modules/cmpapi/test/encoder/section/UsNat.test.ts`: the strings its encoder is asserted to
    ///   write ("should encode default to CAAAAAAAAABA", "should encode to CVVVkkkkkpFY.YA",
    ///   "should encode usnat v1 with v1 values", "... v2 with v1 values", "... v2 with v2 values").
    ///   Its version-1 string is padded to whole bytes first (11 characters, where this codec writes 10).
    /// - iabgpp-java branch 4.X @1fc490e9be132ce441ca6399d286b2b5c8db1dcb,
    ///   `iabgpp-encoder/src/test/java/com/iab/gpp/encoder/section/UsNatTest.java`: testDecode1
    ///   (`CVVVkkkkkpFY`, version 2), testDecodeWithGpcSegmentExcluded (`BVVVkkkkkpFY`, written by
    ///   iabgpp-java 3.x as version 1 with version 2's fields, decoded as version 2) and
    ///   testDecodeBackwardsCompatibility (`BVQqAAAACg`, version 1).
    static let referenceVectors: [(text: String, section: GPPUSNationalSection, written: String)] = {
        let mixed = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 2, 1, 0, 1, 1, 1, 2]
        let v1Defaults = Array(repeating: 0, count: 9) + Array(repeating: 1, count: 14) + [0, 1, 0, 0]
        return [
            ("CAAAAAAAAABA", section(version: 2, all(0, version: 2).enumerated().map { $0.offset == 29 ? 1 : 0 }), "CAAAAAAAAABA"),
            ("CVVVkkkkkpFY.YA", section(version: 2, mixed), "CVVVkkkkkpFY"),
            ("BAAAVVVVUQA.QA", section(version: 1, v1Defaults), "BAAAVVVVUQ"),
            (
                "CAAAVVVVAFBA.QA", section(version: 2, Array(repeating: 0, count: 9) + Array(repeating: 1, count: 12) + [0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0]),
                "CAAAVVVVAFBA"
            ),
            ("CAAAVVVVVVRA.QA", section(version: 2, Array(repeating: 0, count: 9) + Array(repeating: 1, count: 19) + [0, 1, 0, 0]), "CAAAVVVVVVRA"),
            ("BVVVkkkkkpFY", section(version: 2, mixed), "CVVVkkkkkpFY"),
            ("BVQqAAAACg", section(version: 1, [1, 1, 1, 1, 0, 0, 2, 2, 2] + Array(repeating: 0, count: 14) + [2, 2, 0, 0]), "BVQqAAAACg"),
        ]
    }()

    @Test(
        "the IAB's reference implementations' US National strings, versions 1 and 2, decode to what they hold and encode back",
        arguments: referenceVectors.indices)
    func referenceVector(_ index: Int) throws {
        let vector = Self.referenceVectors[index]
        let decoded = try GPPUSNationalSection(decoding: vector.text)
        #expect(decoded == vector.section, "\(vector.text)")
        #expect(try vector.section.encode() == vector.written)
    }

    @Test("every field round-trips in each version, and a segment is as long as its version's fields", arguments: [1, 2])
    func roundTrips(_ version: Int) throws {
        for seed in 0..<12 {
            // Seeded values 0 to 3 in every entry, so each field sees each value.
            let values = Self.all(0, version: version).indices.map { ($0 * 7 + seed * 5 + $0 * seed) % 4 }
            let section = Self.section(version: version, values)
            let text = try section.encode()
            #expect(try GPPUSNationalSection(decoding: text) == section && text.count == (version == 1 ? 10 : 12), "\(text)")
        }
        // The other length a reference encoder writes (whole bytes, then whole characters) decodes the same.
        let padded = try Self.section(version: version, Self.all(2, version: version)).encode()
        #expect(try GPPUSNationalSection(decoding: padded + (version == 1 ? "A" : "")).version == version)
    }

    @Test("a new section and the stand-in's are version 2; a version 1 one keeps its version and lengths")
    func versions() throws {
        let written = try #require(GPPString(decoding: GPPSignalWriter.gppString(optedOut: true)).section(GPPUSNationalSection.id))
        let decoded = try GPPUSNationalSection(decoding: written)
        let old = try GPPUSNationalSection(decoding: "BVQqAAAACg")
        let versions: [Int] = [GPPUSNationalSection().version, decoded.version, old.version]
        #expect(versions == [2, 2, 1])
        let lengths: [Int] = [
            decoded.sensitiveDataProcessing.count, decoded.knownChildSensitiveDataConsents.count,
            old.sensitiveDataProcessing.count, old.knownChildSensitiveDataConsents.count,
        ]
        #expect(lengths == [16, 3, 12, 2])
        #expect(decoded.optedOut && !old.optedOut && GPPUSNationalSection(version: 1).sensitiveDataProcessing.count == 12)
    }

    /// Decoding a US National core segment, or the error, as text.
    static func usnat(_ text: String) -> String {
        do { return "version \(try GPPUSNationalSection(decoding: text).version)" } catch { return "\(error)" }
    }

    @Test(
        "a segment not as long as its declared version's fields is an error naming the field and what was expected",
        arguments: [
            (
                "CVQqAAAACg",
                "segment 1 (usnat), bit 60, KnownChildSensitiveDataConsents: expected version 2's 70 bits (12 characters), found 60 (10 characters): the text ends in this field"
            ),
            (
                "BVQqAAAA",
                "segment 1 (usnat), bit 48, KnownChildSensitiveDataConsents: expected version 1's 60 bits (10 or 11 characters), found 48 (8 characters): the text ends in this field"
            ),
            (
                "CVQqAAAA",
                "segment 1 (usnat), bit 48, SensitiveDataProcessing: expected version 2's 70 bits (12 characters), found 48 (8 characters): the text ends in this field"
            ),
            (
                "BVQqAAAACgAAA",
                "segment 1 (usnat), bit 0, Version: expected version 1's 60 bits (10 or 11 characters), found 78 (13 characters): too long for the version it declares"
            ),
            (
                "CAAAAAAAAABAA",
                "segment 1 (usnat), bit 0, Version: expected version 2's 70 bits (12 characters), found 78 (13 characters): too long for the version it declares"
            ),
            ("DAAAAAAAAABA", "segment 1 (usnat), bit 0, Version: expected 1 or 2, found 3"),
            ("AAAAAAAAAA", "segment 1 (usnat), bit 0, Version: expected 1 or 2, found 0"),
            (
                "B",
                "segment 1 (usnat), bit 6, SharingNotice: expected version 1's 60 bits (10 or 11 characters), found 6 (1 character): the text ends in this field"
            ),
            ("", "segment 1 (usnat), bit 0, Version: expected 6 bits, found 0 left (the string is cut short)"),
        ])
    func wrongLengthForVersion(_ text: String, _ error: String) {
        #expect(Self.usnat(text) == error)
    }

    @Test("a section whose lists are not its version's lengths, or of an unknown version, is an error when encoded")
    func encodingRefusesAnotherVersionsLengths() {
        var old = GPPUSNationalSection()
        old.version = 1
        let unknown = GPPUSNationalSection(version: 3)
        let errors = [old, unknown].map { section in
            do { return try section.encode() } catch { return "\(error)" }
        }
        #expect(
            errors == [
                "segment 1 (usnat), SensitiveDataProcessing: expected 12 values in version 1, found 16",
                "segment 1 (usnat), Version: expected 1 or 2, found 3",
            ])
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
        #expect(
            ["", "CBABM~a", "DBABM", "DBABM~", "DBABL~!"].map(Self.outcome) + [
                (try? GPPUSNationalSection(decoding: "BVVVVVVV")).map { _ in "decoded" } ?? "refused"
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
