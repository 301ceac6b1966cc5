import Testing

/// `adharness tcf`: decoding a published string, refusing a broken one, listing the rules.
@Suite("adharness tcf")
struct TCFCommandLineTests {
    @Test("decode prints a published string's fields and its serving mode; a broken one exits 2 saying where")
    func decode() throws {
        let good = try CommandLineTests.adharness(["tcf", "decode", "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"])
        let bad = try CommandLineTests.adharness(["tcf", "decode", "CQSbk4AQSbk4"])
        let rules = try CommandLineTests.adharness(["tcf", "rules"])
        let lines = good.output.split(separator: "\n").map(String.init)
        #expect([good.code, bad.code, rules.code] == [0, 2, 0])
        #expect(
            lines.filter { $0.hasPrefix("CmpId") || $0.hasPrefix("DisclosedVendors") || $0.hasPrefix("spec:") || $0.hasPrefix("serving mode") } == [
                "CmpId: 880",
                "DisclosedVendors: MaxVendorId 404, ranges: {1-5, 100, 404}",
                "spec: TcfPolicyVersion 2 on a string created after 2023-09-30; the spec requires 4 or later",
                "serving mode: none (googleNotAllowed: Google (vendor 755) has neither consent nor legitimate interest: no ads)",
            ])
        #expect(bad.errors == "tcf decode: not a TC string: segment 0 (core), bit 42, LastUpdated: expected 36 bits, found 30 left (the string is cut short)\n")
    }

    @Test("decode prints a GPP string's US state section fields and the mode they give; a broken section exits 2 saying where")
    func decodeGPPStateSection() throws {
        // The IAB's Indiana example (iabgpp-es 3.2.0, UsIn.test.ts: "BVVV.kkk") under a header listing section 25.
        let indiana = try CommandLineTests.adharness(["tcf", "decode", "DBABUY~BVVV.kkk"])
        let notApplicable = try CommandLineTests.adharness(["tcf", "decode", "DBABBg~BAAAAABA.QA"])
        let cutShort = try CommandLineTests.adharness(["tcf", "decode", "DBABBg~BVWSSSV"])
        #expect([indiana.code, notApplicable.code, cutShort.code] == [0, 0, 2])
        let lines = indiana.output.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(2))
                + lines.filter { $0.hasPrefix("  ") && ($0.contains("OptOut:") || $0.contains("SensitiveDataProcessing") || $0.contains("opted out")) } == [
                    "GPP sections: 25 (usin)", "section 25 (usin): (no version field)",
                    "  SaleOptOut: 1", "  TargetedAdvertisingOptOut: 1", "  SensitiveDataProcessing: [2, 1, 0, 2, 1, 0, 2, 1]", "  opted out: yes",
                ])
        #expect(lines.last?.hasPrefix("serving mode where GDPR does not apply: nonPersonalized (usStateOptOut") == true)
        #expect(notApplicable.output.contains("  Version: 1\n") && notApplicable.output.contains("gdprDoesNotApply"))
        #expect(
            cutShort.errors
                == "tcf decode: not a GPP string: segment 1 (usca), bit 42, MspaOptOutOptionMode: expected 46 bits (8 characters), found 42 (7 characters): the text ends in this field\n"
        )
    }
}
