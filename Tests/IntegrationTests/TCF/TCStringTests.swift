import StandInRuntime
import Testing

@testable import PrivacySignals

/// The TC string codec against published strings, by round trip, and on broken input.
@Suite("TC string codec")
struct TCStringTests {
    /// A published string and the values its source documents.
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String
        let string: String
        let expected: [String: String]
        var testDescription: String { name }
    }

    /// The decoded fields a vector's source documents, as text.
    static func fields(_ tc: TCString) -> [String: String] {
        [
            "created": TCString.utc(tc.created), "lastUpdated": TCString.utc(tc.lastUpdated), "cmp": "\(tc.cmpID)/\(tc.cmpVersion)",
            "language": tc.consentLanguage, "vendorList": "\(tc.vendorListVersion)", "policy": "\(tc.policyVersion)",
            "specialFeatures": TCString.list(tc.specialFeatureOptIns), "purposes": TCString.list(tc.purposeConsents),
            "purposesLI": TCString.list(tc.purposeLegitimateInterests), "publisherCC": tc.publisherCountryCode,
            "vendors": tc.vendorConsents.text, "vendorsLI": tc.vendorLegitimateInterests.text,
            "disclosed": tc.disclosedVendors?.text ?? "none", "publisherTC": tc.publisherTC == TCFPublisherSegment() ? "empty" : "other",
        ]
    }

    static let vectors = [
        // The spec's example: IAB Tech Lab, "Consent string and vendor list formats v2" (GDPR-TCF repo @10b489e).
        Vector(
            name: "spec example", string: "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA",
            expected: [
                "created": "2025-06-03T00:00:00.0Z", "lastUpdated": "2025-06-03T00:00:00.0Z", "cmp": "880/0", "language": "EN",
                "vendorList": "48", "policy": "2", "specialFeatures": "none", "purposes": "none", "purposesLI": "none", "publisherCC": "DE",
                "vendors": "MaxVendorId 4, bit field: {1, 2, 3, 4}", "vendorsLI": "MaxVendorId 0, bit field: none",
                "disclosed": "MaxVendorId 404, ranges: {1-5, 100, 404}", "publisherTC": "empty",
            ]),
        // ketch-com/ketch-android, tcf/src/test/java/com/ketch/android/tcf/TCFTest.kt (iabtcf-java dump).
        Vector(
            name: "ketch-android", string: "CPhBZtcPhBZtcACABAENCACgAIAAAAAAAAAAH2QAYH0AfYB9kAGB9YH2AAAA.YAAAAAAAAAAA",
            expected: [
                "created": "2022-10-17T13:44:54.0Z", "lastUpdated": "2022-10-17T13:44:54.0Z", "cmp": "2/1", "language": "EN",
                "vendorList": "128", "policy": "2", "specialFeatures": "none", "purposes": "{1}", "purposesLI": "none", "publisherCC": "AA",
                "vendors": "MaxVendorId 1004, ranges: {1000-1004}", "vendorsLI": "MaxVendorId 1004, ranges: {1003-1004}",
                "disclosed": "none", "publisherTC": "empty",
            ]),
        // With Google (vendor 755): an Axeptio CMP API document, decoded there to the same values.
        Vector(
            name: "with Google", string: "CQrQMwAQrQMwAEEABAENCyFoAOAAAEIAAAqIF5wAgAAgLzAvOACAvMAA.IAAA.YAAAAAAAAAAA",
            expected: [
                "created": "2026-09-28T00:00:00.0Z", "lastUpdated": "2026-09-28T00:00:00.0Z", "cmp": "260/1", "language": "EN",
                "vendorList": "178", "policy": "5", "specialFeatures": "{1}", "purposes": "{1, 2, 3}", "purposesLI": "{2, 7}",
                "publisherCC": "FR", "vendors": "MaxVendorId 755, ranges: {1, 755}", "vendorsLI": "MaxVendorId 755, ranges: {755}",
                "disclosed": "MaxVendorId 0, bit field: none", "publisherTC": "empty",
            ]),
    ]

    @Test("a published string decodes to its documented values and encodes back to itself", arguments: vectors)
    func publishedVector(_ vector: Vector) throws {
        let decoded = try TCString(decoding: vector.string)
        #expect(Self.fields(decoded) == vector.expected)
        let encoded = try decoded.encode()
        #expect(encoded == vector.string)
    }

    @Test("the spec's example breaks the policy-version rule it was written before")
    func specExampleIsAPolicyNegative() throws {
        let decoded = try TCString(decoding: Self.vectors[0].string)
        #expect(decoded.specProblems == ["TcfPolicyVersion 2 on a string created after 2023-09-30; the spec requires 4 or later"])
    }

    @Test("malformed strings are errors that say where and what was expected")
    func malformed() {
        let cases: [(String, String)] = [
            ("", "segment 0: expected a base64 segment, found an empty one (the string is empty)"),
            ("CQSbk4AQ!", #"segment 0, character 8: expected a URL-safe base64 character (A-Z a-z 0-9 - _), found "!""#),
            ("BQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA", "segment 0 (core), bit 0, Version: expected 2, found 1"),
            ("CQSbk4AQSbk4", "segment 0 (core), bit 42, LastUpdated: expected 36 bits, found 30 left (the string is cut short)"),
            ("CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.QAAA", "segment 1, bit 3, SegmentType: expected 1 (DisclosedVendors) or 3 (PublisherTC), found 2"),
            ("CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA..YAAAAAAAAAAA", "segment 1: expected a base64 segment, found an empty one"),
        ]
        let found = cases.map { text, _ in
            do {
                _ = try TCString(decoding: text)
                return "decoded"
            } catch { return "\(error)" }
        }
        #expect(found == cases.map(\.1))
    }

    @Test("mutated strings end in a value or an error, never a crash (seeded)")
    func fuzz() {
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!="
        var outcomes = (decoded: 0, errors: 0)
        for text in MutatedStrings(of: Self.vectors.map(\.string), count: 3_000, seed: 13, alphabet: alphabet, maximumEdits: 4) {
            do {
                let decoded = try TCString(decoding: text)
                _ = try decoded.encode()
                outcomes.decoded += 1
            } catch {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.decoded > 100 && outcomes.errors > 100, "\(outcomes)")
    }

    @Test("a string that does not fit its fields is an error when encoded")
    func encodingRefusesWhatDoesNotFit() {
        var tc = TCString()
        tc.purposeConsents = [1, 25]
        #expect(throws: TCStringError(segment: .init(index: 0, name: "core"), field: "PurposesConsent", message: "expected ids 1 to 24, found 25")) {
            try tc.encode()
        }
    }
}
