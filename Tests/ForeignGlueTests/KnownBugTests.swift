import AdHarness
import AdRequestKit
import ScenarioRunner
import Testing

/// Findings on public-style consent glue, each by the rule that guards against it, at the severity
/// its authority gives: a platform rule fails under the standard rules, advice and lost revenue
/// warn, and the seed app's own policy fails only under ``RuleSet/seed``. None of these glues logs
/// anything: every rule is decided from what the OS and SDK stand-ins saw.
@Suite("Known findings on public glue, each at its rule's authority")
struct KnownBugTests {
    /// A glue, a situation, and the rule its bug breaks there.
    struct KnownBug: Sendable, CustomStringConvertible {
        let glue: GlueFactory
        let bug: String
        let scenario: String
        let caughtBy: RuleID

        var description: String { "\(glue.name): \(bug) (\(caughtBy.authority))" }
    }

    /// An EEA user of an app with the analytics SDK, its Info.plist denying every consent type by
    /// default and consent mode on: what a careful app ships.
    static let analyticsApp = #"""
        "device":{"analyticsSDK":true,"consentMode":true,"infoPlist":{"GOOGLE_ANALYTICS_DEFAULT_ALLOW_ANALYTICS_STORAGE":false,\#
        "GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_STORAGE":false,"GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_USER_DATA":false,\#
        "GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_PERSONALIZATION_SIGNALS":false}}
        """#

    static let bugs: [KnownBug] = [
        KnownBug(
            glue: GlueFactory(MediatingGlue.init),
            bug: "hands a mediated network a hard-coded TC string that consents to every purpose",
            scenario:
                #"{"name":"rejected all earlier","previousSession":{"tracking":"authorized","consent":"obtained","consentChoices":{}},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .partnersToldNoMoreThanUserGave
        ),
        KnownBug(
            glue: AnalyticsConsentGlue.factory(.grantsAtLaunch),
            bug: "grants every analytics consent type at launch, before the user chose",
            scenario: #"{"name":"first launch",\#(analyticsApp),"steps":["launch"],"expect":{}}"#,
            caughtBy: .analyticsAdSignalsWithinConsent
        ),
        KnownBug(
            glue: AnalyticsConsentGlue.factory(.grantsStorageAtLaunch),
            bug: "grants analytics and ad storage at launch, before the user chose",
            scenario: #"{"name":"first launch",\#(analyticsApp),"steps":["launch"],"expect":{}}"#,
            caughtBy: .analyticsAdSignalsWithinConsent
        ),
        KnownBug(
            glue: AnalyticsConsentGlue.factory(.followsTrackingAnswer),
            bug: "denies the ad signals after a tracking denial though the user consented to the purposes",
            scenario: #"""
                {"name":"consents, denies tracking",\#(analyticsApp),"user":{"consentForm":"acceptAll","trackingPrompt":"deny"},
                 "steps":["launch","onboarding","relaunch"],"expect":{}}
                """#,
            caughtBy: .analyticsConsentFollowsChoice
        ),
        KnownBug(
            glue: AnalyticsOrderGlue.factory(.analyticsAfterConsentSDK),
            bug: "configures the analytics SDK after the consent SDK's first update and relies on consent mode, so the acceptance never reaches it",
            scenario: #"""
                {"name":"consents",\#(analyticsApp),"user":{"consentForm":"acceptAll","trackingPrompt":"allow"},
                 "steps":["launch","onboarding","relaunch"],"expect":{}}
                """#,
            caughtBy: .analyticsConfiguredBeforeConsentSDK
        ),
        KnownBug(
            glue: GlueFactory(SampleOrderGlue.init),
            bug: "takes a consent status of obtained as consent to everything, after the user rejected all",
            scenario: """
                {"name":"rejected all earlier","previousSession":{"tracking":"authorized","consent":"obtained","consentChoices":{}},
                 "steps":["launch","requestAd"],"expect":{}}
                """,
            caughtBy: .personalizedOnlyWhenSignalsAllow
        ),
        KnownBug(
            glue: GlueFactory(SampleOrderGlue.init),
            bug: "starts the ad SDK once consent is gathered, before the tracking answer",
            scenario: #"{"name":"first launch","user":{"consentForm":"acceptAll"},"steps":["launch"],"expect":{}}"#,
            caughtBy: .adSDKStartsAfterTrackingDecision
        ),
        KnownBug(
            glue: GlueFactory(SampleOrderGlue.init),
            bug: "sends no npa extra, so requests are personalized after a denial",
            scenario: #"{"name":"denied","previousSession":{"tracking":"denied","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .personalizedOnlyWithBothAnswers
        ),
        KnownBug(
            glue: GlueFactory(NaiveLaunchGlue.init),
            bug: "starts the ad SDK first thing, before the tracking status is decided",
            scenario: #"{"name":"fresh install","steps":["launch"],"expect":{}}"#,
            caughtBy: .adSDKStartsAfterTrackingDecision
        ),
        KnownBug(
            glue: GlueFactory(NaiveLaunchGlue.init),
            bug: "starts the ad SDK before the consent SDK allows ads",
            scenario: #"{"name":"denied, no consent yet","previousSession":{"tracking":"denied"},"steps":["launch"],"expect":{}}"#,
            caughtBy: .adSDKStartsOnlyWhenAdsAllowed
        ),
        KnownBug(
            glue: GlueFactory(CachingConsentManager.init),
            bug: "keeps canRequestAds from launch and requests after a late update withdrew it",
            scenario: """
                {"name":"late update","device":{"latency":{"consentUpdate":"2m"}},"previousSession":{"tracking":"denied","consent":"notRequired"},
                 "steps":["launch","requestTracking",{"advance":"2m"},"requestAd"],"expect":{}}
                """,
            caughtBy: .noRequestWithoutConsentSDKPermission
        ),
        KnownBug(
            glue: GlueFactory(CachingConsentManager.init),
            bug: "takes the OS 17.4 early denied as final and starts the ad SDK while the status is still undecided",
            scenario: """
                {"name":"17.4","device":{"osVersion":"17.4"},"previousSession":{"consent":"obtained"},"user":{"trackingPrompt":{"answer":"allow","after":"2s"}},
                 "steps":["launch","onboarding",{"advance":"2s"},"requestAd"],"expect":{}}
                """,
            caughtBy: .adSDKStartsAfterTrackingDecision
        ),
        KnownBug(
            glue: GlueFactory(CachingConsentManager.init),
            bug: "keeps npa=1 from the tracking callback after the user allows tracking in Settings",
            scenario: """
                {"name":"allowed in Settings","previousSession":{"tracking":"denied","consent":"obtained"},
                 "steps":["launch","requestTracking",{"settings":{"tracking":"authorized"}},"requestAd"],"expect":{}}
                """,
            caughtBy: .requestsFollowCurrentAnswers
        ),
        KnownBug(
            glue: GlueFactory(CachingConsentManager.init),
            bug: "reads the identifier unless its cached status says denied",
            scenario: #"{"name":"14.2","device":{"osVersion":"14.2"},"steps":["launch","readAdvertisingIdentifier"],"expect":{}}"#,
            caughtBy: .identifierOnlyWhenAuthorized
        ),
        KnownBug(
            glue: GlueFactory(OnAppearGlue.init),
            bug: "asks for tracking before the app is active and never again",
            scenario: #"{"name":"fresh install","user":{"trackingPrompt":"allow"},"steps":["launch",{"advance":"1s"}],"expect":{}}"#,
            caughtBy: .trackingAskedAgainOnceActive
        ),
        KnownBug(
            glue: GlueFactory(name: "KidsAppGlue") { KidsAppGlue(ports: $0, bug: .tagTakenForNPA) },
            bug: "takes the child-directed tag for enough and sends no npa once tracking and consent allow",
            scenario:
                #"{"name":"all allowed earlier","previousSession":{"tracking":"authorized","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .taggedRequestsNeverPersonalized
        ),
        KnownBug(
            glue: GlueFactory(name: "KidsAppGlue") { KidsAppGlue(ports: $0, bug: .tagSetAfterStart) },
            bug: "sets the child-directed tag in the start completion",
            scenario:
                #"{"name":"all allowed earlier","previousSession":{"tracking":"authorized","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .requestConfigurationBeforeStart
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.presentsFormWhenAvailable),
            bug: "shows the consent form whenever one is available, so a returning user sees it at every launch",
            scenario: """
                {"name":"returning user","previousSession":{"tracking":"authorized","consent":"obtained"},"user":{"consentForm":"acceptAll"},
                 "steps":["launch","relaunch"],"expect":{}}
                """,
            caughtBy: .consentFormOnlyWhenRequired
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.resetsConsentAtLaunch),
            bug: "resets the consent SDK at every launch in production, wiping the stored decision",
            scenario: #"{"name":"returning user","previousSession":{"consent":"obtained"},"user":{"consentForm":"acceptAll"},"steps":["launch"],"expect":{}}"#,
            caughtBy: .consentResetOnlyWhenTesting
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.privacyButtonShowsConsentForm),
            bug: "its privacy-options button shows the consent form again instead of the privacy-options form",
            scenario: """
                {"name":"returning user changes their mind","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "user":{"consentForm":"acceptAll","privacyOptionsForm":"rejectAll"},"steps":["launch","openPrivacyOptions"],"expect":{}}
                """,
            caughtBy: .privacyOptionsReachable
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint),
            bug: "offers no privacy-options entry point though the consent SDK requires one",
            scenario: """
                {"name":"returning user looks for the privacy options","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "user":{"consentForm":"acceptAll","privacyOptionsForm":"rejectAll"},"steps":["launch","openPrivacyOptions"],"expect":{}}
                """,
            caughtBy: .privacyOptionsReachable
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.noPrivacyEntryPoint),
            bug: "offers no privacy-options entry point to a returning user offline, whose stored answer still requires one",
            scenario: """
                {"name":"returning user, offline","previousSession":{"tracking":"authorized","consent":"obtained","privacyOptions":"required"},
                 "faults":[{"target":"consentInfoUpdate","error":"network"}],
                 "user":{"consentForm":"acceptAll","privacyOptionsForm":"rejectAll"},"steps":["launch","openPrivacyOptions"],"expect":{}}
                """,
            caughtBy: .privacyOptionsReachable
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.neverShowsConsentForm),
            bug: "updates consent in its onboarding but never shows the form, so consent is never gathered",
            scenario: #"{"name":"fresh install","user":{"trackingPrompt":"allow","consentForm":"acceptAll"},"steps":["launch","onboarding"],"expect":{}}"#,
            caughtBy: .consentGatheredWhenRequired
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.retriesFailedLoadsAtOnce),
            bug: "retries a failed ad load at once from its completion, again and again",
            scenario: """
                {"name":"offline","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "faults":[{"target":"adLoad","error":"network","times":5}],"steps":["launch","requestAd",{"advance":"10s"}],"expect":{}}
                """,
            caughtBy: .adLoadsBackOff
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.neverRequestsAds),
            bug: "never requests an ad, though the user allowed everything",
            scenario:
                #"{"name":"all allowed earlier","previousSession":{"tracking":"authorized","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .wantedAdsRequested
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.consentOnlyAfterTrackingAllowed),
            bug: "asks for tracking first and skips the consent flow when the user denies it, so an EEA user is never asked for consent",
            scenario:
                #"{"name":"fresh install, denies tracking","user":{"trackingPrompt":"deny","consentForm":"acceptAll"},"steps":["launch","onboarding"],"expect":{}}"#,
            caughtBy: .consentGatheredWhenRequired
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.givesUpAdsWhenUpdateFails),
            bug: "ends the session's ads when the consent update fails, though the stored decision allows them",
            scenario: """
                {"name":"returning user, offline","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "faults":[{"target":"consentInfoUpdate","error":"network"}],"steps":["launch","requestAd"],"expect":{}}
                """,
            caughtBy: .storedConsentUsedWhenUpdateFails
        ),
        KnownBug(
            glue: GlueFactory(GatedBannerManager.init),
            bug:
                "its banner awaits the consent gathering under way, so an update that never answers keeps a returning user from every ad the stored decision allows",
            scenario: GatedBannerManager.updateNeverAnswers,
            caughtBy: .storedConsentUsedWhenUpdateFails
        ),
        KnownBug(
            glue: RetryingConsentManager.factory(.nonPersonalizedAdsWhenUpdateFails),
            bug: "requests non-personalized ads when the consent update keeps failing, though the consent SDK does not allow ad requests",
            scenario: """
                {"name":"fresh install, offline","device":{"region":"eea"},"user":{"trackingPrompt":"allow","consentForm":"acceptAll"},
                 "faults":[{"target":"consentInfoUpdate","error":"network"}],"steps":["launch","onboarding",{"advance":"11s"},"requestAd"],"expect":{}}
                """,
            caughtBy: .noRequestWithoutConsentSDKPermission
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.startsSDKWithoutGuard),
            bug: "starts the ad SDK from every path that finds ads allowed, with no guard that it started",
            scenario:
                #"{"name":"returning user","previousSession":{"tracking":"authorized","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .adSDKStartedOnce
        ),
        KnownBug(
            glue: ConsentManagerGlue.factory(.asksTrackingAfterRefusal),
            bug: "shows the tracking prompt right after the user refused every purpose in the consent form",
            scenario: PromptAfterRefusalTests.refusesEverything,
            caughtBy: .noTrackingPromptAfterConsentRefused
        ),
        KnownBug(
            glue: PartnerFlagsGlue.factory(.oncePerProcess),
            bug: "tells AppLovin the user's consent once per process, so a withdrawal in the privacy options never reaches it",
            scenario: PartnerRuleTests.withdrawsThenRequests,
            caughtBy: .partnerFlagsFollowCurrentChoice
        ),
        KnownBug(
            glue: PartnerFlagsGlue.factory(.remoteSwitchAtLaunch),
            bug: "a remote switch tells AppLovin consent at launch, before the consent SDK is asked anything",
            scenario: PartnerRuleTests.returningUserWhoConsented,
            caughtBy: .partnersToldConsentAfterConsentSDK
        ),
        KnownBug(
            glue: PartnerFlagsGlue.factory(.hardCodedConsent),
            bug: "hard-codes AppLovin's hasUserConsent to true, whatever the user chose",
            scenario: PartnerRuleTests.rejectedEverythingEarlier,
            caughtBy: .partnersToldNoMoreThanUserGave
        ),
        KnownBug(
            glue: InterstitialBreakGlue.factory(reloadsAfterEachShow: false),
            bug: "shows the interstitial it has again at the next break instead of loading a new one",
            scenario: """
                {"name":"two breaks","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "steps":["launch","requestAd",{"advance":"5s"},"requestAd"],"expect":{}}
                """,
            caughtBy: .fullScreenAdPresentedOnce
        ),
        KnownBug(
            glue: UnderAgeGlue.factory(tagsAdRequests: false),
            bug: "tells the consent SDK the user is under the age of consent, but not the ad SDK",
            scenario: underAgeUser,
            caughtBy: .underAgeTagReachesAdRequests
        ),
    ]

    /// A user under the age of consent in a US state with a privacy law, who allows tracking.
    static let underAgeUser = #"""
        {"name":"under age, allows tracking","device":{"region":"regulatedUSState"},"user":{"trackingPrompt":"allow"},
         "steps":["launch","onboarding","requestTracking","requestAd"],"expect":{}}
        """#

    @Test("an app that tags its ad requests as well as its consent requests passes")
    func underAgeTagged() throws {
        let scenario = try Scenario.decode(json: Self.underAgeUser)
        let verdict = scenario.run(glue: UnderAgeGlue.factory(tagsAdRequests: true))
        #expect(verdict.passed && verdict.warnings.isEmpty, "\(verdict.report)")
        #expect(verdict.trace.contains { $0.name == .adsRequest && $0[.underAgeOfConsent] == true }, "\(verdict.report)")
    }

    @Test("the bug is found by its rule, at the severity its authority gives", arguments: bugs)
    func caught(_ bug: KnownBug) throws {
        let scenario = try Scenario.decode(json: bug.scenario)
        let standard = scenario.run(glue: bug.glue, rules: .standard)
        // A rule's authority may depend on where it fires (the identifier rule is advice before OS 14.5).
        let found = (standard.violations + standard.warnings).first { $0.rule == bug.caughtBy }
        switch found?.authority ?? bug.caughtBy.authority {
        case .platform:
            guard case .invariantViolated(let violation)? = standard.failure else {
                Issue.record("expected \(bug.caughtBy.rawValue) to fail the run, got \(standard.passed ? "a pass" : standard.report)")
                return
            }
            #expect(violation.rule == bug.caughtBy, "\(violation)")
        case .guidance, .revenue:
            #expect(standard.warnings.contains { $0.rule == bug.caughtBy }, "warnings: \(standard.warnings.map(\.rule.rawValue))")
            #expect(!standard.violations.contains { $0.rule == bug.caughtBy })
        case .policy:
            // Not the platforms' rule: silent by default, a failure once the app turns the seed's policy on.
            #expect(!(standard.violations + standard.warnings).contains { $0.rule == bug.caughtBy })
            let seed = scenario.run(glue: bug.glue, rules: .seed)
            #expect(seed.violations.contains { $0.rule == bug.caughtBy }, "\(seed.passed ? "a pass" : seed.report)")
        }
    }

    @Test("the same situations pass on the correct glue, under the seed's policy, with no warning", arguments: bugs)
    func correctGlueIsClean(_ bug: KnownBug) throws {
        let scenario = try Scenario.decode(json: bug.scenario)
        let verdict = scenario.run(glue: GlueFactory(ConsentFirstGlue.init), rules: .seed)
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.warnings.isEmpty, "\(verdict.warnings.map(\.summary))")
    }

    @Test("a legacy-SDK app that never forwards a non-personalized choice is served personalized against it: a platform failure")
    func legacyChoiceIgnored() throws {
        let glue = GlueFactory(legacyConsentSDK: LegacyConsentSDKSettings(), LegacyChoiceIgnoredGlue.init)
        let app = try SimulatedApp(
            glue: glue, previousSession: PreviousSession(tracking: .authorized, legacyConsent: .nonPersonalized), rules: .standard
        )
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.requestAd() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .servedModeWithinConsent)
        #expect(violation.rule.authority == .platform)
    }

    /// A buggy glue, and the rules its bugs break that the bundled scenarios must show.
    struct BuggyGlue: Sendable, CustomStringConvertible {
        let glue: GlueFactory
        let breaks: Set<RuleID>

        var description: String { glue.name }
    }

    static let buggyGlues = [
        BuggyGlue(glue: GlueFactory(SampleOrderGlue.init), breaks: [.adSDKStartsAfterTrackingDecision, .personalizedOnlyWithBothAnswers]),
        BuggyGlue(glue: GlueFactory(NaiveLaunchGlue.init), breaks: [.adSDKStartsAfterTrackingDecision, .adSDKStartsOnlyWhenAdsAllowed]),
        BuggyGlue(
            glue: GlueFactory(CachingConsentManager.init),
            breaks: [.adSDKStartsAfterTrackingDecision, .requestsFollowCurrentAnswers, .identifierOnlyWhenAuthorized, .personalizedOnlyWhenSignalsAllow]
        ),
        BuggyGlue(glue: GlueFactory(OnAppearGlue.init), breaks: [.trackingAskedAgainOnceActive]),
        BuggyGlue(glue: GlueFactory(GatedBannerManager.init), breaks: [.storedConsentUsedWhenUpdateFails]),
        BuggyGlue(glue: RetryingConsentManager.factory(.nonPersonalizedAdsWhenUpdateFails), breaks: [.adSDKStartsOnlyWhenAdsAllowed]),
    ]

    @Test("under the seed's policy, the bundled scenarios catch each buggy glue by the rules its bugs break", arguments: buggyGlues)
    func bundledScenariosCatchIt(_ buggy: BuggyGlue) throws {
        var caught: Set<RuleID> = []
        for file in try ScenarioFile.bundled(for: .anyGlue, rules: .seed) {
            let verdict = try file.run(glue: buggy.glue, rules: .seed)
            if case .invariantViolated(let violation)? = verdict.failure { caught.insert(violation.rule) }
            // A rule that is advice where it fired (the identifier rule before OS 14.5) warns, and is caught so too.
            caught.formUnion(verdict.warnings.map(\.rule))
        }
        #expect(buggy.breaks.isSubset(of: caught), "caught only \(caught.map(\.rawValue).sorted())")
    }

    @Test("glues that log nothing still meet every rule")
    func everyRuleIsShownOnSilentGlue() {
        // The legacy SDK case, the runaway loop and a call from a queue of the glue's own have tests of their own
        // (`legacyChoiceIgnored`, `RunawayTests`, `OutsideCallTests`);
        // a glue that traps or hangs runs only in a worker process (`IsolationTests`).
        let elsewhere: [RuleID] = [.servedModeWithinConsent, .noRunawayLoop, .noCallOutsideTheRun, .noCrash, .noHang, .noCrashOnDuplicateCallback]
        #expect(Set(Self.bugs.map(\.caughtBy) + elsewhere) == Set(RuleID.allCases))
    }
}
