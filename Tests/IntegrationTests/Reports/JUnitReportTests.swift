import Foundation
import ScenarioRunner
import Testing

/// `adharness run --format junit` as a CI system reads it.
@Suite("JUnit report")
struct JUnitReportTests {
    @Test("the bundled fixtures, a failing and a malformed file make a document the JUnit schema accepts")
    func schemaAcceptsTheRun() throws {
        let results = ReportInputs.all
        let xml = JUnitReport().xml(for: results)

        #expect(JUnitSchemaCheck.problems(in: xml) == [])
        let suite = try #require(JUnitSchemaCheck.parse(xml)?.children(named: "testsuite").first)
        #expect(suite.attributes["tests"] == String(results.count))
        #expect(suite.attributes["failures"] == "1")
        #expect(suite.attributes["errors"] == "1")
        let classnames: [String] = suite.children(named: "testcase").compactMap { (testCase: JUnitSchemaCheck.Element) -> String? in
            testCase.attributes["classname"]
        }
        #expect(classnames == results.map(\.file))
    }

    @Test("a failed scenario's failure gives expected vs actual, and its body the trace")
    func failureSaysWhatDiffered() throws {
        let xml = JUnitReport().xml(for: [ReportInputs.failing])

        let testCase = try #require(JUnitSchemaCheck.parse(xml)?.children(named: "testsuite").first?.children(named: "testcase").first)
        let failure = try #require(testCase.children(named: "failure").first)
        #expect(testCase.attributes["name"] == "expects npa=1 after allow & accept <wrongly>")
        #expect(failure.attributes["message"] == "expect.adRequests[0]: expected {npa: true}, got {npa: false, idfa: set}")
        #expect(failure.text.contains("  > 0.000s  ads.request  adUnit="))
        #expect(failure.text.contains("0.000s  run.finish"))
    }

    @Test("a rule broken is named once in the failure's message: the failure, not again as a rule the run also broke")
    func oneRuleOneLine() throws {
        let json =
            #"{"name": "early start", "app": {"mistakes": ["startsAdSDKBeforeConsent"]}, "steps": [{"settings": {"allowAppsToRequestToTrack": false}}, "launch"], "expect": {}}"#
        let xml = JUnitReport().xml(for: [ReportInputs.result(of: json, shownAs: "early.json")])

        let failure = try #require(
            JUnitSchemaCheck.parse(xml)?.children(named: "testsuite").first?.children(named: "testcase").first?.children(named: "failure").first)
        let message = try #require(failure.attributes["message"])
        #expect(message.components(separatedBy: "the ad SDK is not started while canRequestAds is false").count == 2, "\(message)")
        #expect(!message.contains("also broke"), "\(message)")
        #expect(failure.attributes["type"] == "invariantViolated")
    }

    @Test("a file that cannot be decoded is an error with the place and the reason")
    func unreadableFileIsAnError() throws {
        let xml = JUnitReport().xml(for: [ReportInputs.malformed])

        let testCase = try #require(JUnitSchemaCheck.parse(xml)?.children(named: "testsuite").first?.children(named: "testcase").first)
        let error = try #require(testCase.children(named: "error").first)
        #expect(testCase.attributes["classname"] == "malformed.json")
        #expect(error.attributes["message"]?.hasPrefix(#"malformed.json:1:63: $.expcet: unknown key "expcet""#) == true)
        #expect(testCase.children(named: "failure").isEmpty)
    }

    @Test("markup and control characters in a name are escaped, and read back as written")
    func namesAreEscaped() throws {
        let json = #"{"name": "a & b < c > d \" e ' f \u001b[31m g\u0000 h\nnext\tline", "steps": ["launch"], "expect": {}}"#
        let xml = JUnitReport().xml(for: [ReportInputs.result(of: json, shownAs: "odd.json")])

        #expect(JUnitSchemaCheck.problems(in: xml) == [])
        let testCase = JUnitSchemaCheck.parse(xml)?.children(named: "testsuite").first?.children(named: "testcase").first
        #expect(testCase?.attributes["name"] == "a & b < c > d \" e ' f \\u{1B}[31m g\\u{0} h\nnext\tline")
    }

    @Test("the text report keeps a result on its one line: a name's line break or escape is spelled, not printed")
    func textNamesStayOnOneLine() throws {
        let json = #"{"name": "x\nPASS  other.json  y \u001b[2J \u2028z", "steps": ["launch"], "expect": {}}"#
        let lines = TextReport().lines(for: ReportInputs.result(of: json, shownAs: "odd\n.json"))
        #expect(lines == #"PASS  odd\u{A}.json  x\u{A}PASS  other.json  y \u{1B}[2J \u{2028}z"#)
    }

    @Test("the schema check refuses a document whose counts, messages or root are wrong")
    func schemaCheckCanFail() {
        func suite(_ counts: String, _ cases: String) -> String { #"<testsuites><testsuite name="s" \#(counts)>\#(cases)</testsuite></testsuites>"# }
        let wrongCount = suite(#"tests="2" failures="0" errors="0""#, #"<testcase name="a" classname="a"/>"#)
        let noMessage = suite(#"tests="1" failures="1" errors="0""#, #"<testcase name="a" classname="a"><failure/></testcase>"#)
        let noClassname = suite(#"tests="1" failures="0" errors="0""#, #"<testcase name="a"/>"#)

        let documents: [String] = [wrongCount, noMessage, noClassname, "<testsuite/>", "<testsuites>\u{1}</testsuites>"]
        let expected: [[String]] = [
            [#"<testsuite name="s"> says tests=2 but holds 1"#],
            ["<failure> of a has no message"],
            [#"<testcase name="a"> has no classname"#],
            ["the root is <testsuite>, not <testsuites>"],
            ["not well-formed XML"],
        ]

        #expect(documents.map(JUnitSchemaCheck.problems(in:)) == expected)
    }
}
