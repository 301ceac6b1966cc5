import AdHarness
import ScenarioRunner
import Testing

/// `trackingAskedAgainOnceActive` judges an active stretch only once it has had time in it (issue
/// 37): a glue that asks a moment after the app becomes active gets the same verdict whether the
/// user leaves at that instant or a second later, and a glue that never asks again is caught both ways.
@Suite("Asked again once active: the verdict does not depend on when the user leaves")
struct AskedAgainTimingTests {
    static let orders = [
        #"["launch","foreground"]"#, #"["launch",{"advance":"1s"},"foreground"]"#, #"["launch","foreground",{"advance":"1s"}]"#,
        #"["launch","foreground",{"advance":"1s"},"foreground"]"#,
    ]

    func findings(_ glue: GlueFactory, steps: String) throws -> [RuleID] {
        let scenario = try Scenario.decode(
            json: #"{"name":"leaves early","previousSession":{"consent":"obtained"},"user":{"trackingPrompt":"allow"},"steps":\#(steps),"expect":{}}"#
        )
        let verdict = scenario.run(glue: glue, rules: .standard)
        return (verdict.violations + verdict.warnings).map(\.rule)
    }

    @Test("a glue that asks a second after the app becomes active is never caught", arguments: orders)
    func askingAMomentLater(_ steps: String) throws {
        #expect(try findings(GlueFactory(AskAMomentLaterGlue.init), steps: steps) == [])
    }

    @Test("a glue that never asks again is caught whenever the user leaves", arguments: orders)
    func neverAskingAgain(_ steps: String) throws {
        #expect(try findings(GlueFactory(OnAppearGlue.init), steps: steps).contains(.trackingAskedAgainOnceActive))
    }
}
