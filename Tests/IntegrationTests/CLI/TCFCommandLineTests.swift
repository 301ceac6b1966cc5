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
}
