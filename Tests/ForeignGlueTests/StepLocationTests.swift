import AdHarness
import Foundation
import Testing

/// A failure in a team's step-by-step test names the step that broke the rule and the line that
/// called it; a run stepped and never finished is not silently passed.
@Suite("Failures point at the test's own steps")
struct StepLocationTests {
    @Test("a failure names the step and the line of the test that called it")
    func failurePointsAtTheStep() throws {
        let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, user: User(trackingPrompt: .leaveApp))
        try app.launch()
        let line = #line + 1
        let failure = #expect(throws: HarnessFailure.self) { try app.onboarding() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.step?.step == "onboarding")
        #expect(violation.step?.site.line == line)
        #expect(violation.step?.site.fileID.hasSuffix("StepLocationTests.swift") == true)
        #expect(violation.description.contains("in step: onboarding, called at ForeignGlueTests/StepLocationTests.swift:\(line)"))
    }

    @Test("finishing { } runs the end-of-run rules after the steps, so they cannot be forgotten")
    func finishingDecidesTheEnd() throws {
        let liveness = RuleSet.standard.setting(.wantedAdsRequested, to: .failure)
        let app = try SimulatedApp(
            glue: ConsentManagerGlue.factory(.neverRequestsAds), previousSession: PreviousSession(tracking: .authorized, consent: .obtained), rules: liveness
        )
        let failure = #expect(throws: HarnessFailure.self) {
            try app.finishing { app in
                try app.launch()
                try app.requestAd()
            }
        }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.invariant == .wantedAdsRequested)
        #expect(violation.step?.step == "finish")
    }

    @Test("a run stepped and never finished is finished when the app goes away, and the notice says what that found")
    func unfinishedRunIsReported() throws {
        let notices = Notices()
        SimulatedApp.reportUnfinishedRuns(to: notices.append)
        defer { SimulatedApp.reportUnfinishedRuns(to: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) }
        let liveness = RuleSet.standard.setting(.wantedAdsRequested, to: .failure)
        do {
            let app = try SimulatedApp(
                glue: ConsentManagerGlue.factory(.neverRequestsAds), previousSession: PreviousSession(tracking: .authorized, consent: .obtained),
                rules: liveness
            )
            try app.launch()
            try app.requestAd()
        }
        let mine = notices.all.filter { $0.contains("StepLocationTests.swift") }
        #expect(mine.count == 1)
        #expect(mine.first?.contains("never finished") == true)
        #expect(mine.first?.contains("when the app wants an ad and both answers allow one, an ad request goes out") == true, "\(mine)")
    }
}

/// Notices gathered from any thread.
final class Notices: @unchecked Sendable {
    private let lock = NSLock()
    private var notices: [String] = []  // guarded by `lock`

    @Sendable func append(_ notice: String) { lock.withLock { notices.append(notice) } }
    var all: [String] { lock.withLock { notices } }
}
