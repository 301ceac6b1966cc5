import AdHarness
import AdRequestKit
import Testing

@Test func myGlueKeepsTheSeedsTable() throws {
    let mine = RuleSet.seed.setting(.adSDKStartsAfterTrackingDecision, to: .warning)
    let app = try SimulatedApp(
        glue: ConsentFirstGlue.init,
        previousSession: PreviousSession(tracking: .denied, consent: .obtained),
        rules: mine
    )
    try app.launch()
    try app.requestAd()  // with the seed's table on, a missing npa=1 here fails

    #expect(app.adRequests.map(\.isNonPersonalized) == [true])
    #expect(app.warnings.isEmpty)
}
