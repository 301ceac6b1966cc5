import AdHarness

/// The run as JUnit XML, the format CI systems (GitHub Actions reporters, GitLab, Jenkins) read.
///
/// One `<testsuite>` in a `<testsuites>` root, one `<testcase>` per scenario file: its name is the
/// scenario's, its `classname` the file as shown. A failed scenario has a `<failure>` whose message is
/// the expected-vs-actual text and whose body adds the whole trace; a file that could not be read or
/// decoded has an `<error>` with the reason. A scenario that passes with warnings has them in its
/// `<system-out>`; at `--fail-on warning` they are its `<failure>` (type `warning`). No `time` attribute is written: wall time would make the
/// output differ from run to run, and virtual time is not how long a test took.
package struct JUnitReport: Sendable {
    /// The name of the suite (and of the root).
    package var suiteName: String

    /// A report whose suite has the given name.
    package init(suiteName: String = "adharness") { self.suiteName = suiteName }

    /// The whole document, for every result in order.
    package func xml(for results: [ScenarioResult]) -> String {
        let summary = RunSummary(results)
        let counts = "tests=\"\(summary.total)\" failures=\"\(summary.failed)\" errors=\"\(summary.bad)\""
        var lines: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(attribute(suiteName))\" \(counts)>",
            "  <testsuite name=\"\(attribute(suiteName))\" \(counts) skipped=\"0\">",
        ]
        for result in results { lines.append(testCase(result)) }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }

    /// One `<testcase>` element, indented for the suite.
    func testCase(_ result: ScenarioResult) -> String {
        let open = "    <testcase name=\"\(attribute(result.name))\" classname=\"\(attribute(result.file))\""
        switch result.outcome {
        case .ran(let verdict) where result.status == .pass:
            // Warnings that do not fail the run at its `failOn` still show, as the test's output.
            guard !verdict.unexpectedWarnings.isEmpty else { return open + "/>" }
            return open + ">\n      <system-out>" + content(verdict.warningLines.joined(separator: "\n")) + "</system-out>\n    </testcase>"
        case .ran(let verdict):
            let element = "<failure message=\"\(attribute(Self.message(verdict)))\" type=\"\(Self.kind(verdict))\">"
            return open + ">\n      " + element + content(Self.body(verdict)) + "</failure>\n    </testcase>"
        case .unreadable(let error):
            let element = "<error message=\"\(attribute(error.description))\" type=\"unreadable\">"
            return open + ">\n      " + element + content(error.description) + "</error>\n    </testcase>"
        }
    }

    /// What failed, one line each: the failure's first line, then expected vs actual per mismatch.
    static func message(_ verdict: ScenarioVerdict) -> String {
        verdict.failureLines.joined(separator: "\n")
    }

    /// The message, then every event of the run, `>` marking where it went wrong.
    static func body(_ verdict: ScenarioVerdict) -> String {
        let heading = "trace (\(verdict.trace.count) events; > marks where the run diverged or broke a rule):"
        return (verdict.failureLines + ["", heading] + verdict.markedTrace).joined(separator: "\n")
    }

    /// The kind of failure, for the `type` attribute.
    static func kind(_ verdict: ScenarioVerdict) -> String {
        switch verdict.failure {
        case nil where verdict.mismatches.isEmpty: "warning"
        case nil: "expectation"
        case .invariantViolated?: "invariantViolated"
        case .scenarioIssue?: "scenarioIssue"
        case .invalidSetup?: "invalidSetup"
        case .appNotRunning?: "appNotRunning"
        }
    }

    private func attribute(_ text: String) -> String { XMLText.escaped(text, inAttribute: true) }

    private func content(_ text: String) -> String { XMLText.escaped(text, inAttribute: false) }
}
