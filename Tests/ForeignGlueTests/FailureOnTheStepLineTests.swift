import AdHarness
import Foundation
import Testing
import XCTest

/// In `run { }`, a rule a step breaks is recorded by the test framework at that step's own file,
/// line and column, as an `#expect` would be, not at the test's declaration where a thrown error
/// lands; the test goes on after `run`.
@Suite("A failure lands on the step's own line")
struct FailureOnTheStepLineTests {
    @Test(
        "in Swift Testing, the rule a step breaks is recorded at the step's file, line and column, with the rule's name, authority, source and severity switch, and the test ends there"
    )
    func swiftTestingRecordsAtTheStep() throws {
        let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, user: User(trackingPrompt: .leaveApp))
        let recorded = RecordedIssues()
        let line = #line + 5
        var wentOn = false
        try withKnownIssue {
            try app.run { app in
                try app.launch()
                try app.onboarding()
                try app.requestAd()
            }
            wentOn = true
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            recorded.append(text)
            return issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line && issue.sourceLocation?.column == 35
                && issue.sourceLocation?.fileName == "FailureOnTheStepLineTests.swift"
                && text.contains("rule: noRunawayLoop (") && text.contains("source of noRunawayLoop: ")
                && text.contains("to change its severity: rules: .standard.setting(.noRunawayLoop, to: .warning) (or .off)")
        }
        // The test ended at the failure, as at a failed #require, with the one issue: the steps after
        // the failing one did not run, and nothing after `run` ran to fail on a run that stopped early.
        #expect(!wentOn)
        #expect(recorded.texts.count == 1, "\(recorded.texts)")
        #expect(app.adRequests.isEmpty)
    }

    @Test("a run whose steps break no rule is finished by run { } and gives its leftovers")
    func cleanRunIsFinished() throws {
        let app = try SimulatedApp(glue: ConsentFirstGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        let leftovers = try app.run { app in
            try app.launch()
            try app.onboarding()
            try app.requestAd()
        }
        #expect(leftovers?.isClean == true)
        #expect(app.adRequests.count == 1)
        #expect(app.trace.events.filter { $0.name == .runFinish }.count == 1)
    }

    @Test("an error of the test's own passes through run { } unchanged: a #require's issue is recorded once, where it failed")
    func ownErrorsPassThrough() throws {
        let app = try SimulatedApp(glue: ConsentFirstGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        let line = #line + 4
        try withKnownIssue {
            try app.run { app in
                try app.launch()
                _ = try #require(nil as Int?)
            }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.allSatisfy { !$0.rawValue.contains("rule: ") }
        }
    }

    @Test("with stopsAtFirstFailure off, run { } records each failure the run collected at the step that broke the rule")
    func collectedFailuresAreRecorded() throws {
        let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, user: User(trackingPrompt: .leaveApp))
        app.stopsAtFirstFailure = false
        let line = #line + 4
        try withKnownIssue {
            try app.run { app in
                try app.launch()
                try app.onboarding()
            }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("rule: noRunawayLoop (") }
        }
        #expect(!app.failures.isEmpty)
    }
}

#if !canImport(ObjectiveC)
    /// The same in XCTest: the failure is XCTest's, at the step's file and line. The test keeps the
    /// harness's failures (to check where they landed) and lets its own assertions fail it.
    final class FailureOnTheStepLineXCTests: XCTestCase {
        private var recorded: [(description: String, file: String, line: Int)] = []

        override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
            guard description.contains("rule: ") else {
                return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            recorded.append((description, filePath, lineNumber))
        }

        func testTheRuleAStepBreaksIsRecordedAtTheStep() throws {
            let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, user: User(trackingPrompt: .leaveApp))
            let line = #line + 6
            // XCTest cannot say whether it kept a failure (outside a running test case it drops it), so
            // `run` throws it as well: recorded at the step, and never lost.
            XCTAssertThrowsError(
                try app.run { app in
                    try app.launch()
                    try app.onboarding()
                })
            XCTAssertEqual(recorded.count, 1)
            XCTAssertEqual(recorded.first?.line, line)
            XCTAssertEqual(recorded.first?.file, #filePath)
            XCTAssertTrue(recorded.first?.description.contains("rule: noRunawayLoop (") == true)
        }
    }
#endif
