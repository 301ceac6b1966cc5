import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// Google's own async consent manager (the Swift interstitial sample, `GoogleMobileAdsConsentManager.swift`),
/// hosted as written: what it does for three users, and what the harness finds on it. It is clean with
/// every answer and order; the only finding comes with a fault injected into the consent SDK (a consent
/// form that never completes), which that SDK's own contract rules out.
@Suite("Google's async consent manager sample")
struct GoogleConsentManagerTests {
    /// A user, where, and what the sample's requests get.
    struct Situation: Sendable, CustomStringConvertible {
        let name: String
        let device: Device
        let user: User
        let consentForms: Int
        let served: ServingMode

        var description: String { name }
    }

    static let situations = [
        Situation(
            name: "EEA, accepts all", device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll),
            consentForms: 1, served: .personalized),
        Situation(
            name: "EEA, rejects all", device: Device(region: .eea), user: User(trackingPrompt: .deny, consentForm: .rejectAll),
            consentForms: 1, served: .limited),
        Situation(
            name: "elsewhere", device: Device(region: .other), user: User(trackingPrompt: .allow),
            consentForms: 0, served: .personalized),
    ]

    @Test("consent at launch, the ad SDK and an interstitial once ads are allowed, one more on Play Again; no tracking prompt, no npa", arguments: situations)
    func launchOnboardingAd(_ situation: Situation) throws {
        let app = try SimulatedApp(glue: GoogleConsentManagerGlue.init, device: situation.device, user: situation.user)
        try app.launch()
        #expect(app.consentFormsShown == situation.consentForms)
        #expect(app.isAdSDKStarted)
        #expect(app.adRequests.count == 1, "the interstitial loaded right after the ad SDK starts")
        try app.onboarding()
        try app.runUntilIdle()
        #expect(app.trace.count(of: .consentUpdate) == 1, "the sample has no first-run flow of its own: one update, at launch")
        try app.requestAd()

        // The sample never asks for tracking and never adds npa: the ad SDK reads the consent SDK's
        // signals itself, and serves limited ads after "reject all".
        #expect(app.trackingPrompts == 0)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false, false])
        #expect(app.adRequests.map(\.serving.mode) == [situation.served, situation.served])
        #expect(app.adRequests.allSatisfy { $0.canRequestAds && $0.tracking == .notDetermined })
        let leftovers = try app.finish()
        #expect(leftovers.suspendedTasks.isEmpty)
        #expect(leftovers.isClean, "\(leftovers)")
        #expect(app.warnings.isEmpty, "\(app.warnings)")
    }

    @Test("a relaunch gathers consent again from the stored answer and needs no form: the view loads in every process")
    func relaunch() throws {
        let app = try SimulatedApp(glue: GoogleConsentManagerGlue.init, device: Device(region: .eea), user: User(consentForm: .acceptAll))
        try app.launch()
        try app.relaunch()
        try app.requestAd()
        #expect(app.consentFormsShown == 1)
        #expect(app.adRequests.count == 3, "one interstitial at each start, one on Play Again")
        #expect(try app.finish().isClean)
    }

    @Test("the privacy settings button presents the privacy-options form once the consent SDK requires it; later ads follow the new answer")
    func privacyOptions() throws {
        let app = try SimulatedApp(
            glue: GoogleConsentManagerGlue.init, device: Device(region: .eea), user: User(consentForm: .acceptAll, privacyOptionsForm: .rejectAll)
        )
        try app.launch()
        try app.openPrivacyOptions()
        #expect(app.trace.events.filter { $0.name == .consentFormPresent }.map { $0["kind"] } == ["consent", "privacyOptions"])
        try app.requestAd()
        #expect(app.adRequests.map(\.serving.mode) == [.personalized, .limited])
        #expect(app.adRequests.map(\.isNonPersonalized) == [false, false])
        #expect(try app.finish().isClean)
    }

    @Test("a consent form whose load completes twice: the sample's await gets the first, the duplicate is recorded and not delivered")
    func formLoadTwiceDeliveredOnce() throws {
        let app = try SimulatedApp(
            glue: GoogleConsentManagerGlue.init, device: Device(region: .eea), user: User(consentForm: .acceptAll),
            faults: [Fault.formLoad(.callback(.twice), times: 1)]
        )
        try app.launch()
        #expect(app.failures.isEmpty)
        #expect(app.crash == nil)
        #expect(app.trace.events.filter { $0.name == .callbackDuplicate }.map { $0["delivered"] } == ["false"])
        #expect(app.adRequests.count == 1)
    }

    @Test("a consent form that never completes leaves the privacy settings button disabled: privacyOptionsReachable at the end")
    func formNeverCompletes() throws {
        let app = try SimulatedApp(
            glue: GoogleConsentManagerGlue.init, device: Device(region: .eea), user: User(consentForm: .acceptAll),
            faults: [Fault.formPresent(.callback(.never), times: 1)]
        )
        try app.launch()
        try app.openPrivacyOptions()
        // The user answered, so ads are allowed and options are required, but gatherConsent's completion
        // never runs: no ad SDK, no ad, no enabled button. The waiting task is the sample's own `Task`,
        // not an entry point's: none is listed as suspended.
        #expect(app.groundTruth?.canRequestAds == true)
        #expect(!app.isAdSDKStarted)
        #expect(app.adRequests.isEmpty)
        #expect(app.leftovers.suspendedTasks.isEmpty)
        let failure = #expect(throws: HarnessFailure.self) { try app.finish() }
        guard case .invariantViolated(let violation) = failure else { return #expect(Bool(false), "\(String(describing: failure))") }
        #expect(violation.rule == .privacyOptionsReachable)
    }

    @Test("explored to depth 2 with one fault: one finding, needing a consent form that never completes; none with answers and orders only")
    func explored() throws {
        let glue = GlueFactory(GoogleConsentManagerGlue.init)
        let report = try Explorer(glue: glue, bounds: ExplorationBounds(depth: 2, maxFaults: 1)).breadthFirst()
        #expect(report.counterexamples.map(\.rule) == [.privacyOptionsReachable], "\(report)")
        // The counterexample scripts every answer, so it replays once the glue is fixed and shows more.
        #expect(
            report.counterexamples.map(\.choices) == [
                ["consentForm=acceptAll", "trackingPrompt=allow", "privacyOptionsForm=acceptAll", "formPresent callback=never times=1"]
            ])
        // No tap needed: the end of the run probes the entry point the consent SDK requires.
        #expect(report.counterexamples.map(\.steps) == [["launch"]])

        let noFaults = try Explorer(glue: glue, bounds: ExplorationBounds(depth: 3, maxFaults: 0)).breadthFirst()
        #expect(noFaults.passed, "\(noFaults.counterexamples.map(\.report).joined(separator: "\n"))")
        #expect(noFaults.statistics.depthReached == 3)
    }
}
