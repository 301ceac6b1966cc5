import AdHarness
import AdRequestKit
import MockTrackingManager
import Testing

/// Each rule fires when the app's glue makes the mistake it guards against, and not otherwise.
@Suite("Rules catch app mistakes")
struct RuleTests {
    /// Seven short runs that give every mistake a chance to show, each ended with `finish()`.
    func run(_ mistakes: Set<AppMistake>) throws {
        // Consent withdrawn late: the cached answer allowed ads, a two-minute update says required.
        let late = try SimulatedApp(
            device: Device(region: .eea, consentUpdateLatency: .seconds(120)),
            previousSession: PreviousSession(tracking: .denied, consent: .notRequired),
            mistakes: mistakes
        )
        try late.launch()
        try late.advance(by: .seconds(120))
        try late.requestAd()
        try late.finish()

        // A fresh install on 14.2, where the OS hands out the identifier without asking (so an
        // unchecked read is visible); the user denies tracking and closes the consent form.
        let fresh = try SimulatedApp(
            device: Device(osVersion: "14.2"),
            user: User(trackingPrompt: .deny(after: .seconds(1)), consentForm: .dismiss),
            mistakes: mistakes
        )
        try fresh.launch()
        try fresh.readAdvertisingIdentifier()
        try fresh.onboarding()
        try fresh.advance(by: .seconds(1))
        try fresh.requestAd()
        try fresh.finish()

        // A returning user who denied tracking asks for an ad, then allows tracking in Settings.
        let returning = try SimulatedApp(previousSession: PreviousSession(tracking: .denied, consent: .obtained), mistakes: mistakes)
        try returning.launch()
        try returning.requestAd()
        try returning.changeSettings(.tracking(allowed: true))
        try returning.requestAd()
        try returning.finish()

        // A user who denied tracking earlier and has not answered the consent form yet.
        let undecided = try SimulatedApp(previousSession: PreviousSession(tracking: .denied), mistakes: mistakes)
        try undecided.launch()
        try undecided.finish()

        // A user who allowed tracking and pressed "reject all" in an earlier session: consent reads
        // obtained. The app mediates AppLovin, which it tells the user's choice.
        var mediating = AdsConfiguration()
        mediating.mediationPartners = [.appLovin]
        let rejected = try SimulatedApp(
            previousSession: PreviousSession(tracking: .authorized, consent: .obtained, consentChoices: .rejectAll), mistakes: mistakes,
            configuration: mediating
        )
        try rejected.launch()
        try rejected.requestAd()
        try rejected.finish()

        // A child-directed app whose user allowed tracking and accepted everything earlier.
        let kids = try SimulatedApp(
            previousSession: PreviousSession(tracking: .authorized, consent: .obtained),
            mistakes: mistakes,
            configuration: AdsConfiguration(adRequestConfiguration: AdRequestConfiguration(childDirectedTreatment: true))
        )
        try kids.launch()
        try kids.requestAd()
        try kids.finish()

        // The same app for a user who denied tracking; the ad SDK's start completes a second late,
        // and the user asks for an ad in between.
        let slowStart = try SimulatedApp(
            previousSession: PreviousSession(tracking: .denied, consent: .obtained),
            faults: [Fault.adStart(.delay(.seconds(1)))],
            mistakes: mistakes,
            configuration: AdsConfiguration(adRequestConfiguration: AdRequestConfiguration(childDirectedTreatment: true))
        )
        try slowStart.launch()
        try slowStart.requestAd()
        try slowStart.advance(by: .seconds(1))
        try slowStart.finish()
    }

    @Test("every rule's statement, definition and source read as prose: no stray backslash or line break from the source")
    func rulesReadAsProse() {
        for rule in RuleID.allCases {
            for text in [rule.statement, rule.definition, rule.source] {
                #expect(!text.contains("\\") && !text.contains("\n"), "\(rule.rawValue): \(text)")
            }
        }
    }

    @Test("a correct app breaks no invariant")
    func correctApp() throws {
        try run([])
    }

    @Test("each mistake is caught by its invariant", arguments: AppMistake.allCases)
    func mistakeIsCaught(mistake: AppMistake) throws {
        let failure = #expect(throws: HarnessFailure.self) { try run([mistake]) }
        guard case .invariantViolated(let violation)? = failure else {
            Issue.record("expected \(mistake.caughtBy), got \(String(describing: failure))")
            return
        }
        #expect(violation.rule == mistake.caughtBy)
        #expect(violation.traceSoFar.last == violation.event)
    }

    @Test("every rule of the seed's policy and the platforms' musts it rests on is shown by some mistake of the reference glue")
    func everySeedRuleIsShown() {
        let shown = Set(AppMistake.allCases.map(\.caughtBy))
        let seedPolicy = RuleID.allCases.filter { $0.authority == .policy }
        #expect(Set(seedPolicy).isSubset(of: shown))
        #expect(shown.allSatisfy { RuleSet.seed.severity(of: $0) == .failure })
    }
}
