import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The rules of the JUnit XML schema that CI systems hold a report to, checked on a parsed document.
///
/// The document must be well-formed XML 1.0 (the parser refuses a forbidden character or a bad
/// escape); the root is `testsuites`; each `testsuite` has `name`, `tests`, `failures` and `errors`,
/// whole numbers that agree with its test cases; each `testcase` has `name` and `classname` and at
/// most one `failure`, `error` or `skipped`, and a failure or error has a `message`; the root's
/// counts are the sums of its suites'.
enum JUnitSchemaCheck {
    /// An element as parsed: its name, attributes, children and text.
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// The children with a name.
        func children(named name: String) -> [Element] { children.filter { $0.name == name } }
    }

    /// Builds the element tree while the parser reads.
    final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = Element(name: name, attributes: attributes)
            stack.last?.children.append(element)
            if stack.isEmpty { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }
    }

    /// The parsed root, or `nil` when the text is not well-formed XML.
    static func parse(_ xml: String) -> Element? {
        let parser = XMLParser(data: Data(xml.utf8))
        let builder = TreeBuilder()
        parser.delegate = builder
        return parser.parse() ? builder.root : nil
    }

    /// Every rule the document breaks, in words; empty when it is a valid JUnit report.
    static func problems(in xml: String) -> [String] {
        guard let root = parse(xml) else { return ["not well-formed XML"] }
        guard root.name == "testsuites" else { return ["the root is <\(root.name)>, not <testsuites>"] }
        var problems: [String] = []
        var sums = (tests: 0, failures: 0, errors: 0)
        for child in root.children where child.name != "testsuite" {
            problems.append("<testsuites> holds <\(child.name)>")
        }
        for suite in root.children(named: "testsuite") {
            let counts = suiteProblems(suite, into: &problems)
            sums = (sums.tests + counts.tests, sums.failures + counts.failures, sums.errors + counts.errors)
        }
        for (attribute, sum) in [("tests", sums.tests), ("failures", sums.failures), ("errors", sums.errors)] {
            if let value = root.attributes[attribute], Int(value) != sum {
                problems.append("<testsuites \(attribute)=\"\(value)\"> but its suites hold \(sum)")
            }
        }
        return problems
    }

    /// Checks one suite and its cases; returns what its cases count.
    private static func suiteProblems(_ suite: Element, into problems: inout [String]) -> (tests: Int, failures: Int, errors: Int) {
        let name = suite.attributes["name"] ?? "?"
        for attribute in ["name", "tests", "failures", "errors"] where suite.attributes[attribute] == nil {
            problems.append("<testsuite name=\"\(name)\"> has no \(attribute)")
        }
        let cases = suite.children(named: "testcase")
        for testCase in cases { caseProblems(testCase, into: &problems) }
        let counted = (
            tests: cases.count,
            failures: cases.filter { !$0.children(named: "failure").isEmpty }.count,
            errors: cases.filter { !$0.children(named: "error").isEmpty }.count
        )
        for (attribute, count) in [("tests", counted.tests), ("failures", counted.failures), ("errors", counted.errors)] {
            guard let value = suite.attributes[attribute] else { continue }
            if let number = Int(value), number >= 0 {
                if number != count { problems.append("<testsuite name=\"\(name)\"> says \(attribute)=\(number) but holds \(count)") }
            } else {
                problems.append("<testsuite name=\"\(name)\"> \(attribute)=\"\(value)\" is not a whole number")
            }
        }
        return counted
    }

    /// Checks one test case.
    private static func caseProblems(_ testCase: Element, into problems: inout [String]) {
        let name = testCase.attributes["name"] ?? "?"
        for attribute in ["name", "classname"] where testCase.attributes[attribute] == nil {
            problems.append("<testcase name=\"\(name)\"> has no \(attribute)")
        }
        let outcomes = testCase.children.filter { ["failure", "error", "skipped"].contains($0.name) }
        if outcomes.count > 1 { problems.append("<testcase name=\"\(name)\"> has \(outcomes.count) outcomes") }
        for outcome in outcomes where outcome.name != "skipped" && outcome.attributes["message"] == nil {
            problems.append("<\(outcome.name)> of \(name) has no message")
        }
    }
}
