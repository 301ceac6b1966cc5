import Testing

@testable import PrivacySignals

/// The US state sections of a GPP string (ids 8 to 27) against the IAB's reference encoders'
/// strings, by round trip, on broken input, and the opt-out they record.
@Suite("GPP US state sections")
struct GPPUSStateSectionTests {
    /// A section from its entries in the layout's order after the 6-bit first field (1): the core
    /// sub-section's, then the sensitive-data sub-section's if the list goes on.
    static func section(_ id: Int, _ entries: [Int]) -> GPPUSStateSection {
        let layout = GPPUSStateLayout.layout(id: id)!
        var section = GPPUSStateSection(id: id)!
        var rest = entries[...]
        for field in layout.fields.dropFirst() {
            guard rest.count >= field.count else {
                section[field.name] = nil
                continue
            }
            section[field.name] = Array(rest.prefix(field.count))
            rest = rest.dropFirst(field.count)
        }
        return section
    }

    /// The IAB's example strings of every US state section: what each holds, and what this codec
    /// writes for it (the GPC sub-section left out; padded to whole characters, where the IAB's
    /// encoders pad to whole bytes first: one `A` fewer for Utah, Oregon, Texas, Delaware, Iowa,
    /// Nebraska, New Jersey, Tennessee and Minnesota).
    ///
    /// Source: iabgpp-es @fd0546e7b28e7e186bc27aac6375e6c10a80e47e (v3.2.0),
    /// `modules/cmpapi/test/encoder/section/Us<State>.test.ts` (`UsCa` ... `UsRi`): each string is
    /// one its encoder is asserted to write, "should encode default ..." from the defaults (every
    /// field 0, `MspaCoveredTransaction` 1), "should encode to ..." or "... with all fields set"
    /// from the values the test sets, in the order of the entries here. Ids 8 to 23 have the same
    /// strings in iabgpp-java branch 4.X @1fc490e9be132ce441ca6399d286b2b5c8db1dcb,
    /// `iabgpp-encoder/src/test/java/com/iab/gpp/encoder/section/Us<State>Test.java`.
    static let iabExamples: [(id: Int, text: String, entries: [Int], written: String)] = [
        (8, "BAAAAABA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAABA"),
        (8, "BVWSSSVY.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 2], "BVWSSSVY"),
        (9, "BAAAABA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAABA"),
        (9, "BVWSSVY", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 2], "BVWSSVY"),
        (10, "BAAAAEA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAEA"),
        (10, "BVWSSVg.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 2], "BVWSSVg"),
        (11, "BAAAAAQA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAQ"),
        (11, "BVVkklWA", [1, 1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 2], "BVVkklW"),
        (12, "BAAAAAEA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAEA"),
        (12, "BVWSSZFg.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 2, 1, 0, 1, 1, 2], "BVWSSZFg"),
        (13, "BAAAAABA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAABA"),
        (13, "BVWSSZlY", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 2, 1, 2, 1, 1, 1, 2], "BVWSSZlY"),
        (14, "BAAAAABA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAABA"),
        (14, "BVWSSZFY.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 2, 1, 0, 1, 1, 1, 2], "BVWSSZFY"),
        (15, "BAAAAAABAA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAABA"),
        (15, "BVWSSRpFYA.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 2, 1, 0, 1, 1, 1, 2], "BVWSSRpFY"),
        (16, "BAAAAAQA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAQ"),
        (16, "BVWSSVWA.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 1, 2], "BVWSSVW"),
        (17, "BAAAAAABAA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAABA"),
        (17, "BVWSSSSVYA.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 2], "BVWSSSSVY"),
        (18, "BAAAAAQA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAQ"),
        (18, "BVVkklWA.YA", [1, 1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 2], "BVVkklW"),
        (19, "BAAAAAQA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAQ"),
        (19, "BVWSSVWA.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 1, 2], "BVWSSVW"),
        (20, "BAAAAABA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAABA"),
        (20, "BVWSSZFY.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 2, 1, 0, 1, 1, 1, 2], "BVWSSZFY"),
        (21, "BAAAAAAAQA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAAAQ"),
        (21, "BVWSSRklWA.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 1, 0, 2, 1, 1, 1, 1, 2], "BVWSSRklW"),
        (22, "BAAAAAQA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAQ"),
        (22, "BVWSSVWA.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 1, 2], "BVWSSVW"),
        (23, "BAAAAAQA.QA", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0], "BAAAAAQ"),
        (23, "BVWSSVWA.YA", [1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1, 1, 1, 1, 1, 2], "BVWSSVW"),
        (24, "BQAA.QA", [1, 0, 0, 0, 0, 0, 0, 0], "BQAA"),
        (24, "BVVU.YA", [1, 1, 1, 1, 1, 1, 1, 1], "BVVU"),
        (25, "BQAA.AAA", [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "BQAA.AAA"),
        (25, "BVVV.kkk", [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1], "BVVV.kkk"),
        (25, "BQAA", [1, 0, 0, 0, 0, 0, 0, 0, 0], "BQAA"),
        (26, "BQAA.AAA", [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "BQAA.AAA"),
        (26, "BVVV.kkk", [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1], "BVVV.kkk"),
        (26, "BQAA", [1, 0, 0, 0, 0, 0, 0, 0, 0], "BQAA"),
        (27, "BQAA.AAA", [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "BQAA.AAA"),
        (27, "BVVV.kkk", [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 0, 2, 1, 0, 2, 1], "BVVV.kkk"),
        (27, "BQAA", [1, 0, 0, 0, 0, 0, 0, 0, 0], "BQAA"),
    ]

    @Test("every IAB example string of each US state section decodes to what it holds and encodes back", arguments: iabExamples.indices)
    func iabExample(_ index: Int) throws {
        let example = Self.iabExamples[index]
        let decoded = try GPPUSStateSection(decoding: example.text, id: example.id)
        #expect(decoded == Self.section(example.id, example.entries), "\(example.id) \(example.text)")
        #expect(try decoded.encode() == example.written)
        // The same text in a whole GPP string, as a CMP stores it.
        let gpp = try GPPString(decoding: GPPString(sections: [(example.id, example.text)]).encoded)
        #expect(try GPPUSStateSection(decoding: try #require(gpp.section(example.id)), id: example.id) == decoded)
    }

    @Test("every US state section the IAB lists has a layout, by id and API prefix; 24 to 27 have no version")
    func everyStateListed() throws {
        let sections = try GPPUSStateSection.ids.map { try #require(GPPUSStateSection(id: $0)) }
        #expect(
            sections.map(\.prefix) == [
                "usca", "usva", "usco", "usut", "usct", "usfl", "usmt", "usor", "ustx", "usde",
                "usia", "usne", "usnh", "usnj", "ustn", "usmn", "usmd", "usin", "usky", "usri",
            ])
        #expect(sections.map(\.version) == Array(repeating: 1, count: 16) + Array(repeating: nil, count: 4))
        #expect(GPPUSStateSection(id: 7) == nil && GPPUSStateSection(id: 28) == nil)
        // Each has a sale opt-out; Maryland alone has no sensitive-data or known-child field.
        let missing = sections.filter { section in
            !["SaleOptOut", "SensitiveDataProcessing", "KnownChildSensitiveDataConsents"].allSatisfy(section.fieldNames.contains)
        }
        #expect(missing.map(\.prefix) == ["usmd"])
    }

    @Test("every field round-trips in every section, with and without its optional sub-section (seeded)", arguments: GPPUSStateSection.ids)
    func roundTrips(_ id: Int) throws {
        let layout = try #require(GPPUSStateLayout.layout(id: id))
        let entries = layout.fields.dropFirst().reduce(0) { $0 + $1.count }
        for seed in 0..<8 {
            let values = (0..<entries).map { ($0 * 7 + seed * 5 + $0 * seed) % 4 }
            let sections = [Self.section(id, values), Self.section(id, Array(values.prefix(entries - (layout.subsection.first?.count ?? 0))))]
            for section in sections {
                let text = try section.encode()
                #expect(try GPPUSStateSection(decoding: text, id: id) == section, "\(id) \(text)")
            }
        }
    }

    @Test("a state section records an opt-out of sale, targeted advertising, or sharing (California), and no other field does")
    func optOuts() throws {
        let california = try GPPUSStateSection(decoding: "BVWSSSVY.YA", id: 8)
        let indiana = try GPPUSStateSection(decoding: "BVVV.kkk", id: 25)
        var sharingOnly = try #require(GPPUSStateSection(id: 8))
        sharingOnly["SharingOptOut"] = [1]
        var targetedOnly = try #require(GPPUSStateSection(id: 16))
        targetedOnly["TargetedAdvertisingOptOut"] = [1]
        var notOptedOut = try #require(GPPUSStateSection(id: 16))
        (notOptedOut["SaleOptOut"], notOptedOut["TargetedAdvertisingOptOut"]) = ([2], [2])
        notOptedOut["SensitiveDataProcessing"] = Array(repeating: 1, count: 8)
        notOptedOut["KnownChildSensitiveDataConsents"] = [1]
        let defaults = try GPPUSStateSection.ids.map { try #require(GPPUSStateSection(id: $0)) }
        #expect([california, indiana, sharingOnly, targetedOnly, notOptedOut].map(\.optedOut) == [true, true, true, true, false])
        #expect(defaults.filter(\.optedOut).isEmpty)
    }

    /// Decoding a state section, or the error, as text.
    static func outcome(_ text: String, _ id: Int) -> String {
        do { return "\(try GPPUSStateSection(decoding: text, id: id).fieldNames.count) fields" } catch { return "\(error)" }
    }

    @Test(
        "malformed text is an error naming the section, the bit and the field",
        arguments: [
            (
                "BVWSSSV", 8,
                "segment 1 (usca), bit 42, MspaOptOutOptionMode: expected 46 bits (8 characters), found 42 (7 characters): the text ends in this field"
            ),
            ("BVWSSSVYAA", 8, "segment 1 (usca), bit 0, Version: expected 46 bits (8 characters), found 60 (10 characters): too long"),
            ("CVWSSSVY", 8, "segment 1 (usca), bit 0, Version: expected 1, found 2"),
            ("", 9, "segment 1 (usva), bit 0, Version: expected 40 bits (7 characters), found 0 (0 characters): the text ends in this field"),
            ("BVWSSR!FYA", 15, "segment 1, character 6: expected a URL-safe base64 character (A-Z a-z 0-9 - _), found \"!\""),
            (
                "BVVV.kk", 25,
                "segment 1 (usin), bit 12, SensitiveDataProcessing: expected 16 bits (3 characters), found 12 (2 characters): the text ends in this field"
            ),
            (
                "BVVV.", 26,
                "segment 1 (usky), bit 0, SensitiveDataProcessing: expected 16 bits (3 characters), found 0 (0 characters): the text ends in this field"
            ),
            (
                "BVV", 24,
                "segment 1 (usmd), bit 18, TargetedAdvertisingOptOut: expected 22 bits (4 characters), found 18 (3 characters): the text ends in this field"
            ),
            ("BVVU", 7, "segment 1: expected a US state section id (8 to 27), found 7"),
        ])
    func malformed(_ text: String, _ id: Int, _ error: String) {
        #expect(Self.outcome(text, id) == error)
    }

    @Test("a section whose fields do not fit is an error naming the field when encoded")
    func encodingRefusesWhatDoesNotFit() throws {
        var tooBig = try #require(GPPUSStateSection(id: 8))
        tooBig["SaleOptOut"] = [4]
        var shortList = try #require(GPPUSStateSection(id: 17))
        shortList["KnownChildSensitiveDataConsents"] = [0, 0, 0]
        var unknown = try #require(GPPUSStateSection(id: 24))
        unknown["SensitiveDataProcessing"] = [0]
        var missing = try #require(GPPUSStateSection(id: 9))
        missing["SaleOptOut"] = nil
        let errors = [tooBig, shortList, unknown, missing].map { section in
            do { return try section.encode() } catch { return "\(error)" }
        }
        #expect(
            errors == [
                "segment 1 (usca), SaleOptOut: expected 0 to 3, found 4",
                "segment 1 (usde), KnownChildSensitiveDataConsents: expected 5 values, found 3",
                "segment 1 (usmd), SensitiveDataProcessing: expected a field of usmd, found none of this name",
                "segment 1 (usva), SaleOptOut: expected 1 values, found none",
            ])
    }

    @Test("mutated GPP strings with a state section end in a value or an error, never a crash (seeded)")
    func fuzz() {
        let seeds = Self.iabExamples.map { GPPString(sections: [($0.id, $0.text)]).encoded }
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~!"
        var outcomes = (decoded: 0, errors: 0)
        for text in MutatedStrings(of: seeds, count: 2_000, seed: 29, alphabet: alphabet, maximumEdits: 3) {
            do {
                let gpp = try GPPString(decoding: text)
                for (index, id) in gpp.sectionIDs.enumerated() where GPPUSStateSection.ids.contains(id) {
                    _ = try GPPUSStateSection(decoding: gpp.sections[index], id: id, index: index + 1)
                }
                outcomes.decoded += 1
            } catch {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.decoded > 100 && outcomes.errors > 100, "\(outcomes)")
    }
}
