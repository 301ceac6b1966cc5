import AdHarness
import AdRequestKit
import Foundation
import MockTrackingManager
import ScenarioRunner
import StandInRuntime
import Testing

/// `finish()` reports what a run left unfinished, as swift-nio's `EmbeddedChannel.finish()` does.
@Suite("Leftovers at the end of a run")
struct LeftoverTests {
    @Test("a run that used everything is clean")
    func clean() throws {
        let app = try SimulatedApp(previousSession: PreviousSession(tracking: .denied, consent: .obtained))
        try app.launch()
        try app.requestAd()
        let leftovers = try app.finish()
        #expect(leftovers.isClean, "\(leftovers)")
        #expect(leftovers.description == "nothing left")
    }

    @Test("a withheld callback, an answer still to come and an unfired fault are each reported, with their kind")
    func reported() throws {
        let app = try SimulatedApp(
            previousSession: PreviousSession(consent: .obtained),
            user: User(trackingPrompt: .allow(after: .seconds(10))),
            faults: [Fault.consentInfoUpdate(.callback(.never)), Fault.formLoad(.error(.internal), times: 1)]
        )
        try app.launch()
        try app.requestTracking()
        let leftovers = try app.finish()
        let kinds = Set(leftovers.pendingWork.map(\.kind))
        #expect(kinds.isSuperset(of: [.withheldCallback, .userAnswer, .appTimer]), "\(leftovers)")
        #expect(leftovers.unfiredFaults == [Fault.formLoad(.error(.internal), times: 1)])
        #expect(leftovers.description.contains("fault never fired: formLoad error=internal times=1"))
    }

    @Test("a scenario can demand that nothing is left, and names what is")
    func scenarioDemandsNothingLeft() throws {
        let json = #"""
            {"name":"left","previousSession":{"consent":"obtained"},"faults":[{"target":"consentInfoUpdate","callback":"never"}],
             "steps":["launch"],"expect":{"nothingLeft":true}}
            """#
        let verdict = try Scenario.decode(json: json).run()
        #expect(verdict.mismatches.map(\.expectation) == ["expect.nothingLeft"])
        #expect(verdict.mismatches.first?.actual.contains("consent.update completion (withheld by a fault) (never, withheldCallback)") == true)
    }
}
