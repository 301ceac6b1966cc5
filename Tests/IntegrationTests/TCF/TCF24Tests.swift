import MockAdNetwork
import PrivacySignals
import Testing

/// TCF 2.4 (2026): a CMP no longer has to set the legitimate-interest bit of a disclosed vendor
/// that uses only special purposes; the DisclosedVendors segment says it was shown. Existing strings
/// stay valid. Neither form may be flagged by the decoder's spec checks, nor served differently.
@Suite("TCF 2.4 strings")
struct TCF24Tests {
    /// A special-purpose-only vendor of the test (no purpose of its own; the GVL says so, the string cannot).
    static let specialPurposeOnlyVendor = 10

    /// A string as a CMP writes it today: Google (755) consented with legitimate interest, every
    /// purpose consented, the special-purpose-only vendor disclosed; under TCF 2.3 its
    /// legitimate-interest bit set as well, under TCF 2.4 not.
    static func string(legitimateInterestForSpecialPurposeOnly: Bool) -> TCString {
        var tc = TCString()
        tc.created = SimulatedCMP.calendarStart
        tc.lastUpdated = tc.created
        tc.cmpID = 300
        tc.cmpVersion = 2
        tc.vendorListVersion = 169
        tc.purposeConsents = Set(1...11)
        tc.purposeLegitimateInterests = [2, 7, 8, 9, 10, 11]
        tc.vendorConsents = TCFVendorSection(ids: [ServingModeOracle.googleVendorID])
        tc.vendorLegitimateInterests = TCFVendorSection(
            ids: legitimateInterestForSpecialPurposeOnly ? [specialPurposeOnlyVendor, ServingModeOracle.googleVendorID] : [ServingModeOracle.googleVendorID])
        tc.disclosedVendors = TCFVendorSection(ids: [specialPurposeOnlyVendor, ServingModeOracle.googleVendorID])
        return tc
    }

    /// A regression pin: nothing in a string says 2.4 (its `Version` is 2, its policy version 5 as
    /// in 2.3); what makes it 2.4-style is the disclosed special-purpose-only vendor without its
    /// legitimate-interest bit, which the decoder must neither drop nor flag.
    @Test(
        "regression pin: a 2.4-style string (a disclosed special-purpose-only vendor without its legitimate-interest bit) decodes clean and round-trips, as the 2.3 form does"
    )
    func specialPurposeOnlyVendorWithoutLegitimateInterest() throws {
        let written = Self.string(legitimateInterestForSpecialPurposeOnly: false)
        let text = try written.encode()
        let decoded = try TCString(decoding: text)
        #expect(try decoded.encode() == text)
        #expect(decoded.specProblems.isEmpty)
        #expect(!decoded.vendorLegitimateInterests.ids.contains(Self.specialPurposeOnlyVendor))
        #expect(decoded.disclosedVendors?.ids.contains(Self.specialPurposeOnlyVendor) == true)
        let older = try TCString(decoding: try Self.string(legitimateInterestForSpecialPurposeOnly: true).encode())
        #expect(older.specProblems.isEmpty)
    }

    @Test("the ad SDK stand-in serves both forms alike: the special-purpose-only vendor's bit does not enter")
    func servedAlike() throws {
        let now = SimulatedCMP.calendarStart
        let newer = ServingModeOracle.decide(Self.string(legitimateInterestForSpecialPurposeOnly: false), now: now)
        let older = ServingModeOracle.decide(Self.string(legitimateInterestForSpecialPurposeOnly: true), now: now)
        #expect(newer == older)
        #expect(newer.mode == .personalized)
    }
}
