import AdHarness
import Foundation
import HarnessCommandLine
import ScenarioRunner
import Testing

/// The explorer finds bad orders by itself: each deliberate mistake and each bug fixed earlier in
/// the package's own glue, from a starting point that says nothing of the steps that matter.
@Suite("The explorer finds bugs with no hint")
struct ExplorationTests {
    /// Answers and orders only: none of these bugs needs a fault, and the search stays small in a debug build.
    static let bounds = ExplorationBounds(depth: 5, maxFaults: 0, stopAtFirstViolation: true)

    @Test("each app mistake is found from a scenario that only switches it on", arguments: AppMistake.allCases)
    func findsMistake(_ mistake: AppMistake) throws {
        var bounds = Self.bounds
        // Reading the identifier unchecked only shows before OS 14.5, which the default device is past.
        bounds.variesDevice = mistake == .readsIdentifierUnchecked
        // Dropping npa only for a child-directed app, or setting its tags late, shows only in one.
        let tagged = mistake == .dropsNonPersonalizedExtraWhenChildDirected || mistake == .configuresAdSDKAfterStart
        // Telling partners the tracking answer shows only in an app that mediates one.
        let tags =
            tagged
            ? #", "adRequestConfiguration": {"childDirectedTreatment": true}"#
            : mistake == .forwardsTrackingAnswerToPartners ? #", "mediationPartners": ["applovin"]"# : ""
        // Setting the tags late shows only five steps in, behind a consent answer that comes after the
        // app's timeout; the user allows tracking there, so the search varies what reaches it (the
        // consent answer and its timing, the steps) in a third of the runs.
        let user = mistake == .configuresAdSDKAfterStart ? #""user": {"trackingPrompt": "allow"}, "# : ""
        let explorer = try Explorer(startingPoint: #"{\#(user)"app": {"mistakes": ["\#(mistake.rawValue)"]\#(tags)}}"#, bounds: bounds)
        let report = explorer.breadthFirst()
        let found = try #require(report.counterexamples.first { $0.rule == mistake.caughtBy }, "\(report.summary)")
        #expect(found.scenario.steps.count <= 6)
        let replayed = found.scenario.run().violations.first { $0.rule == mistake.caughtBy }
        #expect(replayed?.event == found.finding.event, "\(found.fixture)")
        // Fixed (the mistake switched off in the written fixture), the counterexample replays and passes.
        let fixedText = found.fixture.replacingOccurrences(of: #""mistakes": ["\#(mistake.rawValue)"]"#, with: #""mistakes": []"#)
        #expect(fixedText != found.fixture)
        let fixed = try Scenario.decode(json: fixedText).run()
        #expect(fixed.passed, "\(fixed.report)\n\(fixedText)")
    }

    /// A team's glue with one bug planted, the situation it shows in, and the rule it breaks there.
    struct PlantedBug: Sendable, CustomStringConvertible {
        let bug: ConsentManagerGlue.Bug
        let startingPoint: String
        let caughtBy: RuleID
        let bounds: ExplorationBounds

        var description: String { bug.rawValue }
    }

    static let returning = #"{"previousSession": {"tracking": "denied", "consent": "obtained"}}"#
    /// Answers given at once, no fault: each bug shows within `depth` steps.
    static func depth(_ depth: Int) -> ExplorationBounds { ExplorationBounds(depth: depth, maxFaults: 0, lateAnswers: false) }
    static let plantedBugs = [
        PlantedBug(bug: .presentsFormWhenAvailable, startingPoint: returning, caughtBy: .consentFormOnlyWhenRequired, bounds: depth(1)),
        PlantedBug(bug: .resetsConsentAtLaunch, startingPoint: "{}", caughtBy: .consentResetOnlyWhenTesting, bounds: depth(1)),
        PlantedBug(bug: .privacyButtonShowsConsentForm, startingPoint: "{}", caughtBy: .privacyOptionsReachable, bounds: depth(3)),
        PlantedBug(bug: .noPrivacyEntryPoint, startingPoint: "{}", caughtBy: .privacyOptionsReachable, bounds: depth(3)),
        PlantedBug(bug: .neverShowsConsentForm, startingPoint: "{}", caughtBy: .consentGatheredWhenRequired, bounds: depth(2)),
        PlantedBug(bug: .neverRequestsAds, startingPoint: returning, caughtBy: .wantedAdsRequested, bounds: depth(2)),
        PlantedBug(bug: .startsAdSDKAtLaunch, startingPoint: "{}", caughtBy: .adSDKStartsOnlyWhenAdsAllowed, bounds: depth(1)),
    ]

    @Test(
        "a bug planted in a team's glue is found at its rule's severity; its counterexample fails on the buggy glue and passes on the fixed one",
        arguments: plantedBugs)
    func plantedBugFoundThenFixed(_ planted: PlantedBug) throws {
        let buggy = ConsentManagerGlue.factory(planted.bug)
        let report = try Explorer(glue: buggy, startingPoint: planted.startingPoint, bounds: planted.bounds).breadthFirst()
        let found = try #require(report.findings.first { $0.rule == planted.caughtBy }, "\(report)")
        #expect(found.severity == RuleSet.standard.severity(of: planted.caughtBy))
        let onBuggy = found.scenario.run(glue: buggy)
        #expect(!onBuggy.passes(failOn: .warning), "\(found.fixture)")
        let onFixed = found.scenario.run(glue: ConsentManagerGlue.factory())
        #expect(onFixed.passed, "\(onFixed.report)\n\(found.fixture)")
        #expect(!(onFixed.violations + onFixed.warnings).contains { $0.rule == planted.caughtBy }, "\(onFixed.report)")
    }

    @Test(
        "the CI recipe's gate (explore --fail-on warning) exits 1 on each planted bug and 0 on the glue without it, from the same starting point",
        arguments: plantedBugs)
    func ciRecipeGateOnPlantedBug(_ planted: PlantedBug) throws {
        let start = FileManager.default.temporaryDirectory.appendingPathComponent("start-\(UUID().uuidString).json")
        try Data(planted.startingPoint.utf8).write(to: start)
        let buggy = ConsentManagerGlue.factory(planted.bug)
        let fixed = ConsentManagerGlue.factory()
        let command = [
            "explore", start.path, "--depth", String(planted.bounds.depth), "--max-faults", "0", "--fail-on", "warning", "--glue",
        ]
        let printed = Printed()
        let output = Output(output: printed.append, errors: printed.append)
        #expect(HarnessCommandLine.run(command + [buggy.name], glues: [buggy, fixed], output: output) == 1, "\(printed.text)")
        #expect(printed.text.contains(planted.caughtBy.rawValue), "\(printed.text)")
        let clean = Printed()
        let cleanOutput = Output(output: clean.append, errors: clean.append)
        #expect(HarnessCommandLine.run(command + [fixed.name], glues: [buggy, fixed], output: cleanOutput) == 0, "\(clean.text)")
    }

    @Test("the planted bugs, the app mistakes and the known findings cover every rule the explorer can report")
    func everyRuleHasAPlantedBug() {
        let covered = Set(
            Self.plantedBugs.map(\.caughtBy) + AppMistake.allCases.map(\.caughtBy) + Self.fixedBugs.map(\.caughtBy) + KnownBugTests.bugs.map(\.caughtBy))
        // A runaway loop is found by the explorer in RunawayTests (each run spins to the budget: too
        // slow to shrink here). No glue of a test can make the ad SDK serve beyond the signals (it reads
        // them itself), and a crash is the stand-ins' to cause (a missing Info.plist key), not a search's.
        // A glue that traps or hangs cannot run in this process: IsolationTests explores such glues
        // through a team tool's worker processes (noCrash, noHang, noCrashOnDuplicateCallback).
        #expect(
            Set(RuleID.allCases).subtracting(covered) == [
                .noRunawayLoop, .noCallOutsideTheRun, .servedModeWithinConsent, .noCrash, .noHang, .noCrashOnDuplicateCallback,
            ])
    }

    /// A bug fixed in the package's glue, the situation it shows in, and the rule it breaks.
    struct FixedBug: Sendable, CustomStringConvertible {
        let bug: PreFixGlue.Bug
        let startingPoint: String
        let caughtBy: RuleID
        let depth: Int

        var description: String { bug.rawValue }
    }

    static let fixedBugs = [
        FixedBug(
            bug: .dropsLateConsentUpdate,
            // The consent SDK answers after two minutes, past the glue's 10 s timeout.
            startingPoint: #"{"device": {"latency": {"consentUpdate": "2m"}}, "previousSession": {"tracking": "denied", "consent": "notRequired"}}"#,
            caughtBy: .noRequestWithoutConsentSDKPermission, depth: 4
        ),
        FixedBug(
            bug: .startsOnStaleTrackingFlag,
            startingPoint: #"{"device": {"allowAppsToRequestToTrack": false}, "previousSession": {"consent": "obtained"}}"#,
            caughtBy: .adSDKStartsAfterTrackingDecision, depth: 4
        ),
        FixedBug(
            bug: .ignoresLateTrackingAnswer,
            startingPoint: #"{"previousSession": {"consent": "obtained"}}"#,
            caughtBy: .requestsFollowCurrentAnswers, depth: 5
        ),
    ]

    @Test("each bug fixed in the package's glue is found in the glue as it was", arguments: fixedBugs)
    func findsFixedBug(_ fixed: FixedBug) throws {
        var bounds = Self.bounds
        bounds.depth = fixed.depth
        let glue = PreFixGlue.factory(fixed.bug)
        // The package's own glue as it was: held to the seed's policy, the rules it was written to.
        let report = try Explorer(glue: glue, startingPoint: fixed.startingPoint, bounds: bounds, rules: .seed).breadthFirst()
        let found = try #require(
            report.counterexamples.first { $0.rule == fixed.caughtBy },
            "\(report.summary)\n\(report.counterexamples.map(\.report).joined(separator: "\n"))"
        )
        #expect(found.scenario.steps.count <= 6)
        let replayed = found.scenario.run(glue: glue).violations.first { $0.rule == fixed.caughtBy }
        #expect(replayed?.event == found.finding.event, "\(found.fixture)")
    }

    @Test("a bounded exploration of a correct glue finds nothing")
    func correctGlueIsClean() throws {
        let explorer = try Explorer(glue: GlueFactory(ConsentFirstGlue.init), bounds: ExplorationBounds(depth: 3, maxFaults: 0))
        let report = explorer.breadthFirst()
        #expect(report.passed, "\(report.counterexample?.report ?? "")")
        #expect(report.statistics.depthReached == 3)
        #expect(report.statistics.distinctStates > 100)
    }

    @Test("a glue that never requests an ad passes every safety rule, and the explorer finds it once liveness is a failure")
    func silentGlueIsFound() throws {
        let silent = ConsentManagerGlue.factory(.neverRequestsAds)
        let bounds = ExplorationBounds(depth: 3, maxFaults: 0)
        let standard = try Explorer(glue: silent, startingPoint: #"{"previousSession": {"tracking": "authorized", "consent": "obtained"}}"#, bounds: bounds)
        #expect(standard.breadthFirst().passed)
        let liveness = RuleSet.standard.setting(.wantedAdsRequested, to: .failure)
        let report = try Explorer(
            glue: silent, startingPoint: #"{"previousSession": {"tracking": "authorized", "consent": "obtained"}}"#, bounds: bounds, rules: liveness
        ).breadthFirst()
        let found = try #require(report.counterexamples.first { $0.rule == .wantedAdsRequested }, "\(report.summary)")
        #expect(found.steps.contains("requestAd"))
        #expect(found.fixture.contains(#""rules": "standard,wantedAdsRequested=failure""#))
    }
}

/// A glue that breaks a rule at every launch still has the bugs behind it found: runs go on past findings.
@Suite("Exploring past findings")
struct PastFindingsTests {
    @Test("a glue that breaks the seed's order at launch is explored to depth 5, and every other bug it has is found")
    func bugsBehindALaunchTimeOne() throws {
        // Answers at once, every answer but rejecting all: a smaller search that still meets every bug.
        var bounds = ExplorationBounds(depth: 5, maxFaults: 0, lateAnswers: false, stopAtFirstViolation: true)
        bounds.leftOut = ["rejectAll"]
        let first = try Explorer(glue: NaiveLaunchGlue.init, bounds: bounds, rules: .seed).breadthFirst()
        #expect(Set(first.counterexamples.map(\.rule)) == [.adSDKStartsAfterTrackingDecision, .adSDKStartsOnlyWhenAdsAllowed])
        #expect(first.statistics.depthReached == 1)

        bounds.stopAtFirstViolation = false
        let past = try Explorer(glue: NaiveLaunchGlue.init, bounds: bounds, rules: .seed).breadthFirst()
        #expect(past.statistics.depthReached == 5)
        #expect(
            Set(past.counterexamples.map(\.rule)) == [
                .adSDKStartsAfterTrackingDecision, .adSDKStartsOnlyWhenAdsAllowed, .trackingAskedAgainOnceActive,
                .noRequestWithoutConsentSDKPermission, .personalizedOnlyWhenSignalsAllow, .personalizedOnlyWithBothAnswers,
            ], "\(past)")
    }
}
