import AdHarness
import ScenarioRunner
import Testing

/// Bugs found in public consent glue, each caught by the invariant that guards against it. None of
/// these glues logs anything: every invariant is decided from what the OS and SDK stand-ins saw.
@Suite("Known bugs of public glue are caught")
struct KnownBugTests {
    /// A glue, a situation, and the invariant its bug breaks there.
    struct KnownBug: Sendable, CustomStringConvertible {
        let glue: GlueFactory
        let bug: String
        let scenario: String
        let caughtBy: Invariant

        var description: String { "\(glue.name): \(bug)" }
    }

    static let bugs: [KnownBug] = [
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
            scenario: #"{"name":"all allowed earlier","previousSession":{"tracking":"authorized","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .taggedRequestsNeverPersonalized
        ),
        KnownBug(
            glue: GlueFactory(name: "KidsAppGlue") { KidsAppGlue(ports: $0, bug: .tagSetAfterStart) },
            bug: "sets the child-directed tag in the start completion",
            scenario: #"{"name":"all allowed earlier","previousSession":{"tracking":"authorized","consent":"obtained"},"steps":["launch","requestAd"],"expect":{}}"#,
            caughtBy: .requestConfigurationBeforeStart
        ),
    ]

    @Test("the bug is caught by its invariant", arguments: bugs)
    func caught(_ bug: KnownBug) throws {
        let verdict = try Scenario.decode(json: bug.scenario).run(glue: bug.glue)
        guard case .invariantViolated(let violation)? = verdict.failure else {
            Issue.record("expected \(bug.caughtBy.rawValue), got \(verdict.passed ? "a pass" : verdict.report)")
            return
        }
        #expect(violation.invariant == bug.caughtBy, "\(violation)")
    }

    @Test("the same situations pass on the correct glue", arguments: bugs)
    func correctGlueIsClean(_ bug: KnownBug) throws {
        let verdict = try Scenario.decode(json: bug.scenario).run(glue: GlueFactory(ConsentFirstGlue.init))
        #expect(verdict.passed, "\(verdict.report)")
    }

    /// A buggy glue, and the invariants its bugs break that the bundled scenarios must show.
    struct BuggyGlue: Sendable, CustomStringConvertible {
        let glue: GlueFactory
        let breaks: Set<Invariant>

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
    ]

    @Test("the bundled scenarios catch each buggy glue by the invariants its bugs break", arguments: buggyGlues)
    func bundledScenariosCatchIt(_ buggy: BuggyGlue) throws {
        var caught: Set<Invariant> = []
        for file in try ScenarioFile.bundled(for: .anyGlue) {
            if case .invariantViolated(let violation)? = try file.run(glue: buggy.glue).failure { caught.insert(violation.invariant) }
        }
        #expect(buggy.breaks.isSubset(of: caught), "caught only \(caught.map(\.rawValue).sorted())")
    }

    @Test("glues that log nothing still meet every invariant")
    func everyInvariantIsShownOnSilentGlue() {
        #expect(Set(Self.bugs.map(\.caughtBy)) == Set(Invariant.allCases))
    }
}
