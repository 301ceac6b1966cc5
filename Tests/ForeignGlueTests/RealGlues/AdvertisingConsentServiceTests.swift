import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// Wordskeers' `@Observable` consent service and the ad manager around it (`AdvertisingConsentService.swift`),
/// hosted as written with `await`: what it does for three users, and what the harness finds on it.
///
/// The app makes its ad manager as SwiftUI makes the app value, and the manager's three full-screen ad
/// managers load at once, before the consent SDK was updated in the process (so while `canRequestAds` is
/// false): in every region, for new and returning users. Only the first activation runs the flow (a
/// second's pause, the tracking prompt, the consent update and form, then the ad SDK), whatever its
/// outcome, and no screen offers privacy options. The rewarded loaders retry a failed load at once, for ever.
@Suite("Wordskeers' @Observable consent service")
struct AdvertisingConsentServiceTests {
    /// A user, where, and what the app's requests get.
    struct Situation: Sendable, CustomStringConvertible {
        let name: String
        let device: Device
        let user: User
        let consentForms: Int
        /// The mode of the three loads at launch, before any consent update.
        let servedAtLaunch: ServingMode
        /// The mode of the interstitial's reload, after the flow.
        let servedAfter: ServingMode

        var description: String { name }
    }

    static let situations = [
        Situation(
            name: "EEA, accepts all", device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll),
            consentForms: 1, servedAtLaunch: .limited, servedAfter: .personalized),
        Situation(
            name: "EEA, rejects all", device: Device(region: .eea), user: User(trackingPrompt: .deny, consentForm: .rejectAll),
            consentForms: 1, servedAtLaunch: .limited, servedAfter: .limited),
        Situation(
            name: "elsewhere", device: Device(region: .other), user: User(trackingPrompt: .allow),
            consentForms: 0, servedAtLaunch: .personalized, servedAfter: .personalized),
    ]

    /// The three loads `MainApp.init()` starts through the ad manager: interstitial, rewarded, rewarded interstitial.
    static let launchLoads: [AdFormat] = [.interstitial, .rewarded, .rewarded]

    @Test("three ads load at launch before any consent update, then the prompt, the form and the ad SDK; an interstitial after 30 s", arguments: situations)
    func launchOnboardingAd(_ situation: Situation) throws {
        let app = try SimulatedApp(glue: AdvertisingConsentServiceGlue.init, device: situation.device, user: situation.user)
        app.stopsAtFirstFailure = false
        try app.launch()
        #expect(app.asyncGlue is AdvertisingConsentServiceGlue)
        #expect(app.adRequests.map(\.request.format) == Self.launchLoads)
        #expect(app.adRequests.allSatisfy { !$0.canRequestAds && $0.tracking == .notDetermined && $0.time == .zero })
        #expect(app.trackingPrompts == 0, "the flow pauses a second on the app's clock before it asks")
        try app.onboarding()
        try app.runUntilIdle()
        #expect(app.trace.count(of: .consentUpdate) == 1, "one update, at the first activation: the first run has no flow of its own")
        #expect(app.trackingPrompts == 1)
        #expect(app.consentFormsShown == situation.consentForms)
        #expect(app.trace.contains(inOrder: [.trackingPrompt, .consentUpdate, .adsStarted]), "tracking first, then consent, then the ad SDK")
        #expect(app.isAdSDKStarted)

        try app.requestAd()
        #expect(app.trace.count(of: .adsPresent) == 0, "the frequency limit: no interstitial within 30 s of launch")
        try app.advance(by: .seconds(30))
        try app.requestAd()
        try app.runUntilIdle()
        #expect(app.trace.count(of: .adsPresent) == 1, "the interstitial loaded at launch, before consent, is the one shown")

        // The app never adds npa: the ad SDK reads the consent SDK's signals. Its only request after the flow is
        // the interstitial's reload once the user closed it.
        #expect(app.adRequests.map(\.isNonPersonalized) == [false, false, false, false])
        #expect(app.adRequests.map(\.serving.mode) == Array(repeating: situation.servedAtLaunch, count: 3) + [situation.servedAfter])
        #expect(app.adRequests.last?.canRequestAds == true)
        #expect(app.failures.map(\.rule) == Array(repeating: .noRequestWithoutConsentSDKPermission, count: 3))
        #expect(app.warnings.map(\.rule) == [.adSDKStartsOnlyWhenAdsAllowed], "the first load starts the ad SDK implicitly")
        let leftovers = try app.finish()
        #expect(leftovers.suspendedTasks.isEmpty)
        #expect(leftovers.isClean, "\(leftovers)")
    }

    @Test("a returning user who consented: the next process loads again before its update, while canRequestAds is false")
    func relaunch() throws {
        let app = try SimulatedApp(
            glue: AdvertisingConsentServiceGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.runUntilIdle()
        #expect(app.groundTruth?.consent == .obtained)
        try app.relaunch()
        #expect(app.groundTruth?.consent == .unknown, "the consent SDK reads nothing before its first update of the process")
        let second = app.adRequests.dropFirst(3)
        #expect(second.map(\.request.format) == Self.launchLoads)
        #expect(second.allSatisfy { !$0.canRequestAds && $0.serving.mode == .personalized }, "the stored answer serves them, unchecked")
        try app.runUntilIdle()
        #expect(app.trackingPrompts == 1, "the stored answer: no second prompt")
        #expect(app.consentFormsShown == 1)
        #expect(app.failures.map(\.rule) == Array(repeating: .noRequestWithoutConsentSDKPermission, count: 6))
        #expect(try app.finish().isClean)
    }

    @Test("no screen presents the privacy-options form: privacyOptionsReachable once the user answered in the EEA")
    func privacyOptions() throws {
        let app = try SimulatedApp(
            glue: AdvertisingConsentServiceGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        let launchFailure = #expect(throws: HarnessFailure.self) { try app.launch() }
        guard case .invariantViolated(let first) = launchFailure else { return #expect(Bool(false), "\(String(describing: launchFailure))") }
        #expect(first.rule == .noRequestWithoutConsentSDKPermission)
        #expect(first.event.name == .adsRequest && first.event["format"] == "interstitial")
        try app.runUntilIdle()
        #expect(app.privacyOptionsRequirement == .required)
        try app.openPrivacyOptions()
        #expect(app.trace.events.filter { $0.name == .consentFormPresent }.map { $0["kind"] } == ["consent"])
        let failure = #expect(throws: HarnessFailure.self) { try app.finish() }
        guard case .invariantViolated(let violation) = failure else { return #expect(Bool(false), "\(String(describing: failure))") }
        #expect(violation.rule == .privacyOptionsReachable)
    }

    @Test("a consent form closed unanswered: the ad SDK starts anyway, and the interstitial's reload goes out while canRequestAds is false")
    func dismissedForm() throws {
        let app = try SimulatedApp(
            glue: AdvertisingConsentServiceGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .dismiss))
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.runUntilIdle()
        #expect(app.groundTruth?.canRequestAds == false)
        #expect(app.trace.events(named: .adsStart).map { $0["canRequestAds"] } == ["false", "false"], "implicit at the first load, then onAppActive's")
        try app.advance(by: .seconds(30))
        try app.requestAd()
        try app.runUntilIdle()
        #expect(app.adRequests.count == 4)
        #expect(app.adRequests.last?.canRequestAds == false)
        #expect(app.adRequests.last?.serving.mode == .limited)
        #expect(app.failures.map(\.rule) == Array(repeating: .noRequestWithoutConsentSDKPermission, count: 4))
        #expect(app.warnings.map(\.rule) == [.adSDKStartsOnlyWhenAdsAllowed, .adSDKStartsOnlyWhenAdsAllowed])
        #expect(try app.finish().isClean)
    }

    @Test("a tracking request while the app is not active is never repeated: only the first activation runs the flow")
    func trackingAskedOnce() throws {
        let app = try SimulatedApp(
            glue: AdvertisingConsentServiceGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow),
            faults: [Fault.trackingRequest(.appInactive, times: 1)]
        )
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.runUntilIdle()
        try app.foreground()
        try app.runUntilIdle()
        #expect(app.trackingPrompts == 0)
        #expect(app.trackingStatus == .notDetermined)
        #expect(app.trace.count(of: .trackingRequest) == 1)
        #expect(try app.finish().isClean)
        #expect(app.warnings.map(\.rule) == [.adSDKStartsOnlyWhenAdsAllowed, .trackingAskedAgainOnceActive])
    }

    @Test("the rewarded loaders retry a failed load at once, at the same instant: adLoadsBackOff")
    func failedLoadsRetriedAtOnce() throws {
        // Seven failures in a row: the interstitial gives up, the two rewarded loaders (two ad units)
        // retry until a load succeeds, each unit three times at once, which is a storm of each (the ad
        // SDK throttles each unit alone). Were every load to fail (offline, or a TC string that allows no ads, such as one older
        // than 13 months), they would retry without end at one instant: the harness stops that as a runaway
        // loop (noRunawayLoop) after 10,000 completions, which is too slow to run here.
        let app = try SimulatedApp(
            glue: AdvertisingConsentServiceGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow),
            faults: [Fault.adLoad(.error(.network), times: 7)]
        )
        app.stopsAtFirstFailure = false
        try app.launch()
        #expect(app.trace.count(of: .adsLoadFailed) == 7)
        let retries: [AdFormat] = Array(repeating: .rewarded, count: 6)
        let formats: [AdFormat] = app.adRequests.map(\.request.format)
        #expect(formats == Self.launchLoads + retries)
        #expect(app.adRequests.allSatisfy { $0.time == .zero })
        let backOffs: Int = app.warnings.filter { $0.rule == .adLoadsBackOff }.count
        #expect(backOffs == 2)
        try app.runUntilIdle()
        #expect(try app.finish().isClean)
    }

    @Test("each rewarded ad shown is reloaded twice: by its show method and by its dismissal delegate")
    func rewardedButtons() throws {
        let app = try SimulatedApp(glue: AdvertisingConsentServiceGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.runUntilIdle()
        try app.tap("watchAdForCoins")
        try app.runUntilIdle()
        try app.tap("doubleCoins")
        try app.runUntilIdle()
        #expect(app.trace.count(of: .adsReward) == 2)
        let reloads = app.adRequests.dropFirst(3)
        #expect(
            reloads.map(\.request.adUnitID) == [
                "ca-app-pub-3940256099942544/1712485313", "ca-app-pub-3940256099942544/1712485313",
                "ca-app-pub-3940256099942544/6978759866", "ca-app-pub-3940256099942544/6978759866",
            ])
        #expect(reloads.allSatisfy { $0.canRequestAds })
        #expect(try app.finish().isClean)
    }

    @Test("a rewarded ad covers the app: its buttons cannot be tapped until the user closes the ad, so the used ad is never presented again")
    func tapUnderFullScreenAd() throws {
        let app = try SimulatedApp(glue: AdvertisingConsentServiceGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        app.stopsAtFirstFailure = false
        try app.launch()
        try app.runUntilIdle()
        try app.tap("watchAdForCoins")
        #expect(app.trace.count(of: .adsPresent) == 1)
        let covered = #expect(throws: HarnessFailure.self) { try app.tap("watchAdForCoins") }
        guard case .scenarioIssue(let issue, _) = covered else { return #expect(Bool(false), "\(String(describing: covered))") }
        #expect(issue.contains("covered by a form, a full-screen ad or a system prompt"), "\(issue)")
        try app.advance(by: User.fullScreenAdWatchTime)
        try app.runUntilIdle()
        try app.tap("watchAdForCoins")
        try app.runUntilIdle()
        #expect(app.trace.count(of: .adsPresent) == 2, "the ad reloaded once the first was closed")
        #expect(app.trace.count(of: .adsPresentFailed) == 0)
        #expect(try app.finish().isClean)
    }

    @Test("explored to depth 2 with one fault, and to depth 3 without: the loads at launch, and no privacy options")
    func explored() throws {
        let glue = GlueFactory(AdvertisingConsentServiceGlue.init)
        // A completion delivered twice to a call the app makes from its async code (here into its own
        // checked continuations) is recorded and not delivered, so the search tries that fault too and the
        // test process survives. Runs that end with one of the app's own continuations still waiting (a form
        // on screen, an ad not yet closed, a withheld callback) are played out unobserved when they are let
        // go, so each continuation is resumed and the Swift runtime has nothing to note.
        let bounds = ExplorationBounds(depth: 2, maxFaults: 1)
        let report = try Explorer(glue: glue, bounds: bounds).breadthFirst()
        // No tap needed for the missing entry point: the end of the run probes it once the consent SDK requires one.
        #expect(report.counterexamples.map(\.rule) == [.noRequestWithoutConsentSDKPermission, .privacyOptionsReachable], "\(report)")
        let everyAnswer = ["trackingPrompt=allow", "consentForm=acceptAll", "privacyOptionsForm=acceptAll"]
        #expect(report.counterexamples.map(\.choices) == [everyAnswer, everyAnswer])
        #expect(report.counterexamples.map(\.steps) == [["launch"], ["launch", "advance 1.000s"]])

        let noFaults = try Explorer(glue: glue, bounds: ExplorationBounds(depth: 3, maxFaults: 0)).breadthFirst()
        #expect(noFaults.counterexamples.map(\.rule) == [.noRequestWithoutConsentSDKPermission, .privacyOptionsReachable], "\(noFaults)")
        #expect(noFaults.counterexamples.map(\.choices) == [everyAnswer, everyAnswer])
        #expect(noFaults.counterexamples.map(\.steps) == [["launch"], ["launch", "advance 1.000s"]])
        #expect(noFaults.statistics.depthReached == 3)
    }
}
