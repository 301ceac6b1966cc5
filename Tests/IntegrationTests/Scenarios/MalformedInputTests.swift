import Foundation
import ScenarioRunner
import Testing

/// Each kind of bad input a user can hand the runner is refused with its place (line, column and
/// JSON path) and what was expected there: never a crash, never a bare "not valid JSON".
@Suite("Malformed input: every rejection says where and what")
struct MalformedInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var line: Int
        var column: Int
        var path: String
        var message: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, at line: Int, _ column: Int, _ path: String, _ message: String) {
            self.init(name, Array(text.utf8), at: line, column, path, message)
        }

        init(_ name: String, _ bytes: [UInt8], at line: Int, _ column: Int, _ path: String, _ message: String) {
            (self.name, self.bytes, self.line, self.column, self.path, self.message) = (name, bytes, line, column, path, message)
        }
    }

    /// A valid scenario with `fault` as its one fault's `times`.
    static func times(_ number: String) -> String {
        #"{"name":"x","steps":["launch"],"expect":{},"faults":[{"target":"formLoad","error":"timeout","times":\#(number)}]}"#
    }

    static let cases: [Case] = [
        Case(
            "invalid UTF-8", Array(#"{"name":""#.utf8) + [0xFF] + Array(#"","steps":["launch"],"expect":{}}"#.utf8), at: 1, 10, "$",
            "not valid UTF-8: expected a well-formed UTF-8 character, found the byte 0xFF"),
        Case(
            "raw control character", "{\"name\":\"a\tb\",\"steps\":[\"launch\"],\"expect\":{}}", at: 1, 11, "$.name",
            "expected an escape such as \\n, \\t or \\u0009 inside a string, found the raw control character U+0009"),
        Case(
            "bad escape", #"{"name":"a\qb","steps":["launch"],"expect":{}}"#, at: 1, 11, "$.name",
            #"expected one of the escapes \" \\ \/ \b \f \n \r \t \uXXXX, found \q"#),
        Case(
            "lone surrogate", #"{"name":"\udc00","steps":["launch"],"expect":{}}"#, at: 1, 10, "$.name",
            "expected a character, found \\uDC00, the second half of a surrogate pair"),
        Case("leading zero", times("01"), at: 1, 101, "$.faults[0].times", "expected a number without a leading zero, found 01"),
        Case("number beyond a double", times("1e400"), at: 1, 101, "$.faults[0].times", "expected a number within a double's range, found 1e400"),
        Case("fraction for a whole number", times("1.5"), at: 1, 101, "$.faults[0].times", "expected a whole number, found the number 1.5"),
        Case(
            "1e308 for a whole number", times("1e308"), at: 1, 101, "$.faults[0].times",
            "expected a whole number from -9223372036854775808 to 9223372036854775807, found the number 1e308"),
        Case("2^63 for a whole number", times("9223372036854775808"), at: 1, 101, "$.faults[0].times", "found the number 9223372036854775808"),
        Case(
            "nesting past the limit", String(repeating: "[", count: 70_000), at: 1, 65, "$" + String(repeating: "[0]", count: 64),
            "expected arrays and objects nested at most 64 deep"),
        Case(
            "duplicate key", "{\"name\":\"a\",\n \"name\":\"b\",\"steps\":[\"launch\"],\"expect\":{}}", at: 2, 2, "$.name",
            "expected each key once in an object, found \"name\" a second time (the first is at line 1, column 2)"),
        Case("empty name", #"{"name":" ","steps":["launch"],"expect":{}}"#, at: 1, 9, "$.name", "found an empty name"),
        Case("empty steps", #"{"name":"x","steps":[],"expect":{}}"#, at: 1, 21, "$.steps", "expected at least one step"),
        Case(
            "step before launch", #"{"name":"x","steps":["requestAd","launch"],"expect":{}}"#, at: 1, 22, "$.steps[0]",
            #"expected "launch" before "requestAd" (it needs the app running), found no launch before it"#),
        Case(
            "launch twice", #"{"name":"x","steps":["launch","launch"],"expect":{}}"#, at: 1, 31, "$.steps[1]",
            #"expected "relaunch" (the app is already running here), found "launch""#),
        Case(
            "duration past 100 years", #"{"name":"x","steps":["launch",{"advance":"9999999999999999s"}],"expect":{}}"#, at: 1, 42, "$.steps[1].advance",
            #"at most "36500d""#),
        Case(
            "unknown travel region", #"{"name":"x","steps":[{"travel":"mars"}],"expect":{}}"#, at: 1, 32, "$.steps[0].travel",
            #"expected one of eea, regulatedUSState, other, got "mars""#),
        Case(
            "consent age without a decision", #"{"name":"x","steps":["launch"],"expect":{},"previousSession":{"consentAge":"400d"}}"#, at: 1, 76,
            "$.previousSession.consentAge", "expected consent obtained with consentAge (how long ago the earlier decision was taken), found unknown"),
        Case(
            "a third-party CMP's GPP string whose state section does not decode",
            #"{"name":"x","steps":["launch"],"expect":{},"previousSession":{"gppString":"DBABBg~BVWSSSV"}}"#, at: 1, 75, "$.previousSession.gppString",
            "expected a GPP string, found DBABBg~BVWSSSV: segment 1 (usca), bit 42, MspaOptOutOptionMode: expected 46 bits (8 characters)"),
        Case(
            "the consent SDK asks for tracking under the legacy SDK",
            #"{"name":"x","consentProfile":"legacy","app":{"onboardingTracking":"consentSDK"},"steps":["launch"],"expect":{}}"#, at: 1, 67,
            "$.app.onboardingTracking", "the legacy consent SDK has no IDFA explainer"),
        Case(
            "unknown overlap policy", #"{"name":"x","steps":["launch"],"expect":{},"device":{"overlappingConsentCalls":"queue"}}"#, at: 1, 80,
            "$.device.overlappingConsentCalls", #"expected one of runBoth, reject, got "queue""#),
        Case("empty file", "", at: 1, 1, "$", "expected a value (object, array, string, number, true, false or null), found the end of the file"),
        Case("wrong type names what it found", #"{"name":7,"steps":["launch"],"expect":{}}"#, at: 1, 9, "$.name", "expected a string; found the number 7"),
        Case(
            "unknown age treatment", #"{"name":"x","app":{"adRequestConfiguration":{"ageTreatment":"toddler"}},"steps":["launch"],"expect":{}}"#, at: 1, 61,
            "$.app.adRequestConfiguration.ageTreatment", #"expected one of unspecified, child, teen, got "toddler""#),
        Case(
            "a tag that is not a Boolean", #"{"name":"x","app":{"adRequestConfiguration":{"childDirectedTreatment":"yes"}},"steps":["launch"],"expect":{}}"#,
            at: 1, 71, "$.app.adRequestConfiguration.childDirectedTreatment", #"expected true or false; found a string "yes""#),
        Case(
            "a tag the ad SDK does not have", #"{"name":"x","app":{"adRequestConfiguration":{"childDirected":true}},"steps":["launch"],"expect":{}}"#, at: 1,
            62, "$.app.adRequestConfiguration.childDirected", "expected one of underAgeOfConsent, childDirectedTreatment, ageTreatment"),
        Case(
            "an identifier value no request shows", #"{"name":"x","steps":["launch"],"expect":{"adRequests":[{"idfa":"hidden"}]}}"#, at: 1, 64,
            "$.expect.adRequests[0].idfa", #"expected one of zero, set, withheld, got "hidden""#),
        // `null` is no expectation left out: it would pass whatever the run did.
        Case(
            "null where no ad requests were meant", #"{"name":"x","steps":["launch"],"expect":{"adRequests":null}}"#, at: 1, 55,
            "$.expect.adRequests", "expected an array; found null"),
        Case(
            "null for a count", #"{"name":"x","steps":["launch"],"expect":{"trackingPrompts":null}}"#, at: 1, 60, "$.expect.trackingPrompts",
            "expected a whole number; found null"),
        Case(
            "an error code no error has", #"{"name":"x","steps":["launch"],"expect":{"errors":["consentInfoUpdate.bogus"]}}"#, at: 1, 52, "$.expect.errors[0]",
            #"expected stage.code with a code among "#),
        Case(
            "a mistyped error code", #"{"name":"x","steps":["launch"],"expect":{"errors":["consentInfoUpdate.netwrk"]}}"#, at: 1, 52, "$.expect.errors[0]",
            #"got "consentInfoUpdate.netwrk"; did you mean "network"?"#),
        Case("null for a section", #"{"name":"x","device":null,"steps":["launch"],"expect":{}}"#, at: 1, 22, "$.device", "expected an object; found null"),
    ]

    @Test("the rejection names the line, column, JSON path and what was expected", arguments: cases)
    func rejected(_ input: Case) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("malformed-\(UUID().uuidString).json")
        try Data(input.bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let error = #expect(throws: ScenarioError.self) { try Scenario.load(from: file, displayPath: "bad.json") }
        #expect(error?.path == input.path)
        #expect(error?.line == input.line)
        #expect(error?.column == input.column)
        #expect(error?.message.contains(input.message) == true, "message was: \(error?.message ?? "nil")")
        #expect(error?.description.hasPrefix("bad.json:\(input.line):\(input.column): \(input.path): ") == true)
    }

    @Test("a UTF-8 byte-order mark before the scenario is accepted, as editors on Windows write one")
    func byteOrderMark() throws {
        let text = Array(#"{"name":"with a mark","steps":["launch"],"expect":{}}"#.utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString).json")
        try Data([0xEF, 0xBB, 0xBF] + text).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        #expect(try Scenario.load(from: file).name == "with a mark")
    }

    @Test("columns count characters, not bytes, after non-ASCII text")
    func columnsCountCharacters() {
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.decode(json: #"{"name":"Grüße","steps":["launch"],"expect":{},"devise":{}}"#, name: "x.json")
        }
        #expect(error?.column == 57)
    }
}
