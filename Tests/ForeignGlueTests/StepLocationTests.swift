import AdHarness
import AdRequestKit
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

    @Test("perform runs a step spelled as a scenario spells it, and a failure names the line that called perform")
    func performPointsAtItsCaller() throws {
        let app = try SimulatedApp(glue: { AskUntilDecidedGlue(ports: $0) }, user: User(trackingPrompt: .leaveApp))
        try app.perform(.launch)
        let line = #line + 1
        let failure = #expect(throws: HarnessFailure.self) { try app.perform(.onboarding) }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.step?.step == "onboarding")
        #expect(violation.description.contains("in step: onboarding, called at ForeignGlueTests/StepLocationTests.swift:\(line)"))
    }

    @Test(
        "a step through perform is the step its own method takes: the same trace",
        arguments: [
            [Step.launch, .requestAd, .advance(.seconds(5)), .openPrivacyOptions],
            [.launch, .onboarding, .settings([.device(.tracking(allowed: false)), .location(.servicesEnabled(false))]), .foreground, .requestAd],
            [.launch, .requestTrackingThenAd, .relaunch, .readAdvertisingIdentifier, .runUntilIdle],
        ])
    func performIsTheStepsOwnMethod(steps: [Step]) throws {
        func arranged() throws -> SimulatedApp {
            try SimulatedApp(glue: ConsentManagerGlue.factory(), device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        }
        let performed = try arranged()
        for step in steps { try performed.perform(step) }
        let called = try arranged()
        for step in steps {
            switch step {
            case .launch: try called.launch()
            case .onboarding: try called.onboarding()
            case .requestAd: try called.requestAd()
            case .requestTrackingThenAd: try called.requestTracking(thenRequestAd: true)
            case .advance(let duration): try called.advance(by: duration)
            case .openPrivacyOptions: try called.openPrivacyOptions()
            case .settings(let changes):
                for change in changes {
                    switch change {
                    case .device(let change): try called.changeSettings(change)
                    case .location(let change): try called.changeLocationSettings(change)
                    }
                }
            case .foreground: try called.foreground()
            case .relaunch: try called.relaunch()
            case .readAdvertisingIdentifier: _ = try called.readAdvertisingIdentifier()
            case .runUntilIdle: try called.runUntilIdle()
            default: Issue.record("no method call written for \(step)")
            }
        }
        #expect(performed.trace.events.count > steps.count)
        #expect(performed.trace.events.map(\.description) == called.trace.events.map(\.description))
    }

    @Test("finishing { } runs the end-of-run rules after the steps, so they cannot be forgotten")
    func finishingDecidesTheEnd() throws {
        let liveness = RuleSet.standard.setting(.wantedAdsRequested, to: .failure)
        let app = try SimulatedApp(
            glue: ConsentManagerGlue.factory(.neverRequestsAds), previousSession: PreviousSession(tracking: .authorized, consent: .obtained), rules: liveness
        )
        var line = 0
        var failure: HarnessFailure?
        do {
            try app.finishing { app in
                try app.launch()
                line = #line + 1
                try app.requestAd()
            }
        } catch let thrown as HarnessFailure { failure = thrown }
        guard case .invariantViolated(let violation)? = failure else { return #expect(Bool(false), "expected a failure") }
        #expect(violation.rule == .wantedAdsRequested)
        // Found at the run's end, caused by the ad the app wanted: the failure points at that step.
        #expect(violation.step?.step == "requestAd" && violation.step?.site.line == line, "\(String(describing: violation.step)) \(line)")
        #expect(violation.cause?[.step] == .requestAd)
    }

    @Test("a tap on an entry point that presents nothing, found at the end, points at the tap and its line")
    func privacyOptionsFailurePointsAtTheTap() throws {
        let app = try SimulatedApp(glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        let line = #line + 1
        try app.openPrivacyOptions()
        try app.requestAd()
        let failure = #expect(throws: HarnessFailure.self) { try app.finish() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .privacyOptionsReachable)
        #expect(violation.event.name == .runFinish)
        #expect(violation.step?.step == "openPrivacyOptions" && violation.step?.site.line == line, "\(violation)")
        #expect(violation.description.contains("caused by: 0.000s  step  step=openPrivacyOptions"), "\(violation)")
    }

    @Test(
        "a run stepped and never finished is finished when the app goes away, and what that finds fails the test at the last step's line"
    )
    func unfinishedRunIsReported() throws {
        let liveness = RuleSet.standard.setting(.wantedAdsRequested, to: .failure)
        let line = #line + 8
        try withKnownIssue {
            do {
                let app = try SimulatedApp(
                    glue: ConsentManagerGlue.factory(.neverRequestsAds), previousSession: PreviousSession(tracking: .authorized, consent: .obtained),
                    rules: liveness
                )
                try app.launch()
                try app.requestAd()
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "StepLocationTests.swift" && text.contains("never finished")
                && text.contains("when the app wants an ad and both answers allow one, an ad request goes out")
        }
    }
}

/// The end of a run taps the privacy-options entry point itself when the consent SDK requires one and
/// nothing tapped it: an app with no entry point is found without a test that taps a button it lacks.
@Suite("The end of a run probes the privacy-options entry point")
struct PrivacyOptionsProbeTests {
    static let user = User(trackingPrompt: .allow, consentForm: .acceptAll)

    @Test("an app with no entry point fails at the end, caused by the probe; a careful one passes, its consent unchanged")
    func probeFindsTheMissingEntryPoint() throws {
        let missing = try SimulatedApp(glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint), user: Self.user)
        try missing.launch()
        try missing.onboarding()
        try missing.requestAd()
        let failure = #expect(throws: HarnessFailure.self) { try missing.finish() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .privacyOptionsReachable)
        #expect(violation.cause?.description == "0.000s  step  step=openPrivacyOptions detail=probe")

        let careful = try SimulatedApp(glue: ConsentManagerGlue.factory(), user: Self.user)
        try careful.launch()
        try careful.onboarding()
        let before = careful.groundTruth
        try careful.finish()
        #expect(careful.trace.events.contains { $0.name == .consentFormAnswer && $0["answer"] == "dismiss" })
        #expect(careful.groundTruth == before)
    }

    @Test("the probe does not mask an end-of-run finding: the run's end is decided before it")
    func endRulesDecidedFirst() throws {
        let liveness = RuleSet.standard.setting(.wantedAdsRequested, to: .failure)
        let app = try SimulatedApp(
            glue: ConsentManagerGlue.factory(.neverRequestsAds), previousSession: PreviousSession(tracking: .authorized, consent: .obtained),
            faults: [Fault.formPresent(.delay(.seconds(5)))], rules: liveness
        )
        try app.launch()
        try app.requestAd()
        let failure = #expect(throws: HarnessFailure.self) { try app.finish() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .wantedAdsRequested)
    }

    @Test("a second tap on an entry point that presents nothing is found caused by the first")
    func secondTapNamesTheFirst() throws {
        let app = try SimulatedApp(glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint), user: Self.user)
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.onboarding()
        try app.openPrivacyOptions()
        try app.openPrivacyOptions()
        let firstTap = try #require(app.trace.events.firstIndex { $0.name == .step && $0[.step] == .openPrivacyOptions })
        let found = try #require(app.failures.first { $0.rule == .privacyOptionsReachable })
        #expect(found.cause == app.trace.events[firstTap])
    }

    @Test("no probe where the test tapped the entry point, where none is required, or when turned off")
    func noProbe() throws {
        let tapped = try SimulatedApp(
            glue: ConsentManagerGlue.factory(), user: User(trackingPrompt: .allow, consentForm: .acceptAll, privacyOptionsForm: .rejectAll))
        try tapped.launch()
        try tapped.onboarding()
        try tapped.openPrivacyOptions()
        try tapped.finish()
        #expect(!tapped.trace.events.contains { $0["detail"] == "probe" })

        let elsewhere = try SimulatedApp(glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint), device: Device(region: .other), user: Self.user)
        try elsewhere.launch()
        try elsewhere.onboarding()
        try elsewhere.finish()

        let off = try SimulatedApp(glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint), user: Self.user)
        off.probesPrivacyOptions = false
        try off.launch()
        try off.onboarding()
        try off.finish()
        #expect(!off.trace.events.contains { $0["detail"] == "probe" })
    }
}
