import AdHarness
import AdRequestKit
import Foundation
import ScenarioRunner
import StandInRuntime
import Testing

@testable import Exploration
@testable import Scenarios

/// The explorer's search is exhaustive within its bounds, repeatable, splits without loss, and
/// writes fixtures that decode and replay.
@Suite("Explorer")
struct ExplorerTests {
    static let small = ExplorationBounds(depth: 3, maxFaults: 1)

    @Test("the steps a counterexample writes read back as the same steps, travel and every Settings change included")
    func writtenStepsReadBack() throws {
        let every: [SettingsChange] = [
            .device(.tracking(allowed: true)), .device(.tracking(allowed: false)), .device(.allowAppsToRequestToTrack(false)),
            .device(.trackingRestricted(true)), .device(.limitAdTracking(true)), .location(.servicesEnabled(false)), .location(.restricted(true)),
            .location(.appAccess(.authorizedWhenInUse)), .location(.preciseLocation(false)),
        ]
        let steps: [Step] = [.launch, .travel(.other), .advance(.milliseconds(1_500))] + every.map { .settings([$0]) } + [.relaunch]
        let json = "{\"name\":\"x\",\"expect\":{},\"steps\":\(try JSONValue(encoding: steps).text(indent: nil))}"
        #expect(try Scenario.decode(json: json).steps == steps)
    }

    @Test("a bounded exploration of the reference glue, faults on, breaks nothing")
    func referenceGlueIsClean() throws {
        let report = try Explorer(bounds: ExplorationBounds(depth: 2, maxFaults: 1)).breadthFirst()
        #expect(report.passed, "\(report.counterexamples.map(\.report).joined(separator: "\n"))")
        #expect(report.statistics.depthReached == 2)
    }

    @Test("a rule the starting point's own steps break is a finding, as `run` on the same file reports it")
    func startingPointStepsAreJudged() throws {
        // The app starts its ad SDK at launch, before anything is decided; the starting point launches it.
        let start = #"{"app": {"mistakes": ["startsAdSDKAtLaunch"]}, "steps": ["launch"]}"#
        let report = try Explorer(startingPoint: start, bounds: ExplorationBounds(depth: 0, maxFaults: 0)).breadthFirst()
        let found = try #require(report.counterexamples.first { $0.rule == .adSDKStartsAfterTrackingDecision }, "\(report.summary)")
        // Its counterexample is the starting point's steps, and replays.
        #expect(found.steps == ["launch"])
        #expect(found.scenario.run().violations.map(\.rule).contains(.adSDKStartsAfterTrackingDecision), "\(found.fixture)")
    }

    @Test("a mistake in a starting-point file is placed at its line and column in the file as written, as run places it")
    func startingPointErrorsAreWhereWritten() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("start-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\n  \"user\": {\"trackingPrompt\": \"allow\"},\n  \"stepz\": [\"launch\"]\n}\n".utf8).write(to: file)
        let explored = #expect(throws: ScenarioError.self) { try Explorer(startingPointFile: file) }
        let ran = #expect(throws: ScenarioError.self) { try Scenario.load(from: file) }
        #expect(explored?.line == 3 && explored?.column == ran?.column, "\(String(describing: explored)) against \(String(describing: ran))")
        #expect(explored?.path == "$.stepz", "\(String(describing: explored))")
    }

    @Test("the shards together reach exactly the states of the whole search", arguments: [2, 3])
    func shardsCoverTheSearch(parts: Int) throws {
        let explorer = try Explorer(bounds: ExplorationBounds(depth: 3, maxFaults: 0))
        let whole = explorer.breadthFirst()
        let shards = (1...parts).map { explorer.breadthFirst(shard: ExplorationShard(index: $0, count: parts)) }
        #expect(shards.reduce(into: Set<Int>()) { $0.formUnion($1.stateKeys) } == whole.stateKeys)
        #expect(shards.allSatisfy { $0.stateKeys.count < whole.stateKeys.count })
    }

    @Test("the cores share a level's work, each taking the next node no other has taken, and each result keeps its node's place")
    func sharedWorkKeepsItsPlace() {
        // Items of very different cost, so that the threads take them out of step.
        let items = Array(0..<500)
        let results = EveryCore.map(items) { item in
            let work = (0..<(item % 7) * 2_000).reduce(item) { ($0 &* 31) &+ $1 }
            return (item * 2, work)
        }
        #expect(results.map(\.0) == items.map { $0 * 2 })
    }

    @Test(
        "a step that leaves its state as it was hands its world to the next step: the same states and findings as replaying every step, from fewer runs",
        // Three steps of orders and answers, and two with a fault in each call that can suffer one: a
        // returning user's ad request shows the bug within either.
        arguments: [ExplorationBounds(depth: 3, maxFaults: 0), ExplorationBounds(depth: 2, maxFaults: 1)]
    )
    func standingRunsReachWhatReplaysReach(_ bounds: ExplorationBounds) throws {
        var explorer = try Explorer(
            startingPoint: #"{"previousSession": {"tracking": "denied", "consent": "obtained"}, "app": {"mistakes": ["dropsNonPersonalizedExtra"]}}"#,
            bounds: bounds
        )
        let standing = explorer.breadthFirst()
        explorer.keepsStandingRuns = false
        let replayed = explorer.breadthFirst()
        #expect(standing.stateKeys == replayed.stateKeys)
        // The same runs found, a finding made on a standing world being run again without the steps that kept its state.
        let found = { (report: ExplorationReport) in report.counterexamples.map { "\($0.rule) \($0.stepsBeforeShrinking) \($0.steps) \($0.choices)" } }
        #expect(found(standing) == found(replayed))
        #expect(!standing.passed)
        #expect(standing.statistics.executions + standing.statistics.stepsWithoutReplay == replayed.statistics.executions)
        #expect(standing.statistics.stepsWithoutReplay > 0 && replayed.statistics.stepsWithoutReplay == 0)
    }

    @Test(
        "a state reached on a world that a step left standing keeps that step in its path: every path leads back to its state, for a glue whose memory the state does not show"
    )
    func pathsReplayForAGlueWithMemory() throws {
        var explorer = try Explorer(glue: RemembersReadingGlue.init, bounds: ExplorationBounds(depth: 3, maxFaults: 0))
        explorer.checksPaths = true
        let report = explorer.breadthFirst()
        #expect(report.statistics.stepsWithoutReplay > 0 && report.statistics.pathsNotReplaying == 0, "\(report.statistics)")
    }

    @Test("where the OS shows the 27.2 sheet, the explorer taps its Additional Information too: a bug behind that button is found in France, not in Spain")
    func answersTheExpandedSheet() throws {
        let bounds = ExplorationBounds(depth: 2, maxFaults: 0)
        let france = try Explorer(glue: DetailsPageAdGlue.init, startingPoint: #"{"device": {"osVersion": "27.2", "country": "FR"}}"#, bounds: bounds)
        let found = try #require(france.breadthFirst().counterexample)
        #expect(found.rule == .noRequestWithoutConsentSDKPermission)
        #expect(found.choices == ["trackingPrompt=additionalInformation", "consentForm=acceptAll", "privacyOptionsForm=acceptAll"])
        #expect(found.scenario.run(glue: GlueFactory(DetailsPageAdGlue.init)).violations.map(\.rule) == [.noRequestWithoutConsentSDKPermission])
        // In Spain the plain request shows the two-button alert, which has no such button.
        let spain = try Explorer(glue: DetailsPageAdGlue.init, startingPoint: #"{"device": {"osVersion": "27.2", "country": "ES"}}"#, bounds: bounds)
        #expect(spain.breadthFirst().passed)
        // Before 27.2 there is no sheet in France either.
        let earlier = try Explorer(glue: DetailsPageAdGlue.init, startingPoint: #"{"device": {"osVersion": "18.0", "country": "FR"}}"#, bounds: bounds)
        #expect(earlier.breadthFirst().passed)
    }

    @Test("random walks draw the sheet's Additional Information where every prompt is the sheet")
    func randomWalksAnswerTheSheet() throws {
        let explorer = try Explorer(
            glue: DetailsPageAdGlue.init, startingPoint: #"{"device": {"osVersion": "27.2", "country": "FR"}}"#,
            bounds: ExplorationBounds(depth: 4, maxFaults: 0)
        )
        let found = try #require(explorer.randomWalks(100, seed: 1).counterexample)
        #expect(found.choices == ["trackingPrompt=additionalInformation", "consentForm=acceptAll", "privacyOptionsForm=acceptAll"])
    }

    @Test("--vary-device starts on 27.2 in France (the sheet always) and in Spain (the sheet when preferred), in the EEA only, unless the country is given")
    func variedDevicesCoverTheSheet() throws {
        let bounds = ExplorationBounds(variesDevice: true)
        let devices = bounds.devices(osVersionGiven: false, regionGiven: false, countryGiven: false)
        #expect(
            devices.filter { $0.country != nil }.map(\.description) == [
                #"osVersion="27.2" region="eea" country="FR""#, #"osVersion="27.2" region="eea" country="ES""#,
            ])
        #expect(Set(devices.compactMap(\.osVersion)) == ["27.2", "18.0", "17.4", "14.4", "13.7"])
        #expect(devices.count == 5 * ConsentRegion.allCases.count + 1)
        #expect(bounds.devices(osVersionGiven: false, regionGiven: false, countryGiven: true).allSatisfy { $0.country == nil })
        #expect(bounds.devices(osVersionGiven: true, regionGiven: false, countryGiven: false).allSatisfy { $0.country == nil })
        // Told nothing of the device, the search finds the bug behind the sheet's button and writes the country.
        let explorer = try Explorer(glue: DetailsPageAdGlue.init, bounds: ExplorationBounds(depth: 2, maxFaults: 0, variesDevice: true))
        let found = try #require(explorer.breadthFirst().counterexample)
        #expect(found.rule == .noRequestWithoutConsentSDKPermission)
        #expect(found.scenario.device.country == "FR" && found.scenario.device.os.osVersion == "27.2", "\(found.fixture)")
    }

    @Test("the same seed gives the same walks; another seed, others")
    func seedsRepeat() throws {
        let explorer = try Explorer(startingPoint: #"{"app": {"mistakes": ["dropsNonPersonalizedExtra"]}}"#, bounds: ExplorationBounds(depth: 12))
        let first = explorer.randomWalks(200, seed: 7)
        let again = explorer.randomWalks(200, seed: 7)
        let other = explorer.randomWalks(200, seed: 8)
        #expect(first.counterexamples.map(\.fixture) == again.counterexamples.map(\.fixture))
        #expect(first.statistics.distinctStates == again.statistics.distinctStates)
        #expect(first.statistics.distinctStates != other.statistics.distinctStates)
        #expect(!first.passed)
    }

    @Test("random walks split by number: the parts' counts add up to the whole")
    func walkShards() throws {
        let explorer = try Explorer(bounds: ExplorationBounds(depth: 8, maxFaults: 0))
        let whole = explorer.randomWalks(40, seed: 3)
        let parts = (1...4).map { explorer.randomWalks(40, seed: 3, shard: ExplorationShard(index: $0, count: 4)) }
        #expect(parts.map(\.statistics.executions).reduce(0, +) == whole.statistics.executions)
    }

    @Test("a counterexample is shrunk: a padded run loses its extra steps and answers")
    func shrinks() throws {
        let draft = ScenarioDraft(
            base: .object([("app", .object([("mistakes", .array([.string("dropsNonPersonalizedExtra")]))]))]),
            answers: [
                AnswerChoice(key: .trackingPrompt, answer: "deny", after: .seconds(61)),
                AnswerChoice(key: .consentForm, answer: "acceptAll", after: .zero),
                AnswerChoice(key: .privacyOptionsForm, answer: "dismiss", after: .zero),
            ],
            faults: [Fault.adLoad(.callback(.twice), times: nil)],
            steps: [.launch, .readAdvertisingIdentifier, .onboarding, .advance(.seconds(30)), .advance(.seconds(31)), .foreground, .requestAd, .requestAd]
        )
        var shrinker = Shrinker(glue: nil, rule: .personalizedOnlyWithBothAnswers)
        let shrunk = shrinker.shrink(draft)
        let (small, violation) = try #require(shrunk)
        #expect(small.steps == [.launch, .onboarding, .requestAd])
        #expect(
            small.answers == [
                AnswerChoice(key: .trackingPrompt, answer: "deny", after: .zero), AnswerChoice(key: .consentForm, answer: "acceptAll", after: .zero),
            ])
        #expect(small.faults.isEmpty)
        #expect(violation.rule == .personalizedOnlyWithBothAnswers)
    }

    @Test("shrinking keeps the starting point's own settings and drops only what the search chose")
    func shrinkingKeepsPinnedSettings() throws {
        // The team's app publishes the IDFA explainer and runs with the mistake; the search chose iOS 17.
        let pinned = JSONValue.object([
            ("app", .object([("mistakes", .array([.string("dropsNonPersonalizedExtra")]))])),
            ("device", .object([("messages", .object([("idfaExplainer", .bool(true))]))])),
        ])
        var base = pinned
        base["device"]?["osVersion"] = .string("17.0")
        let draft = ScenarioDraft(
            base: base,
            answers: [AnswerChoice(key: .trackingPrompt, answer: "deny", after: .zero), AnswerChoice(key: .consentForm, answer: "acceptAll", after: .zero)],
            faults: [], steps: [.launch, .onboarding, .requestAd]
        )
        var keeping = Shrinker(glue: nil, rule: .personalizedOnlyWithBothAnswers, pinned: pinned)
        let keptRun = keeping.shrink(draft)
        let (kept, _) = try #require(keptRun)
        #expect(kept.base["device"] == pinned["device"])
        #expect(kept.base["app"] == pinned["app"])
        // Told nothing of the starting point, the same search drops the published explainer too.
        var forgetting = Shrinker(glue: nil, rule: .personalizedOnlyWithBothAnswers)
        let forgotRun = forgetting.shrink(draft)
        let (forgot, _) = try #require(forgotRun)
        #expect(forgot.base["device"] == nil)
    }

    @Test("a smaller run that stops on a scenario issue after the finding is not kept")
    func shrinkingKeepsTheReason() throws {
        // The glue requests an ad before the consent SDK allows it, then asks for tracking in the
        // same step: without its scripted answer the prompt has none, after the finding.
        let draft = ScenarioDraft(
            base: .object([]), answers: [AnswerChoice(key: .trackingPrompt, answer: "allow", after: .zero)], faults: [],
            steps: [.launch, .onboarding]
        )
        let glue = GlueFactory(RequestsThenAsksGlue.init)
        var unanswered = draft
        unanswered.answers = []
        let verdict = try Scenario.decode(json: Shrinker.fixture(unanswered, name: "x", description: nil)).run(glue: glue)
        guard case .scenarioIssue? = verdict.failure else {
            Issue.record("expected the unanswered prompt to be a scenario issue, got \(verdict)")
            return
        }
        #expect(verdict.otherViolations.map(\.rule) == [.noRequestWithoutConsentSDKPermission])

        var shrinker = Shrinker(glue: glue, rule: .noRequestWithoutConsentSDKPermission)
        let shrunk = shrinker.shrink(draft)
        let (small, violation) = try #require(shrunk)
        #expect(small == draft)
        #expect(violation.rule == .noRequestWithoutConsentSDKPermission)
    }

    @Test("written fixtures spell every step, answer and fault as the decoder reads them")
    func fixtureRoundTrip() throws {
        let steps: [Step] = [
            .launch, .advance(.milliseconds(1_500)), .advance(.seconds(61)), .advance(.nanoseconds(1_000_000_001)),
            .settings([.device(.tracking(allowed: false)), .device(.allowAppsToRequestToTrack(true))]),
            .settings([.location(.servicesEnabled(false)), .location(.appAccess(.authorizedWhenInUse))]), .runUntilIdle,
        ]
        let faults = [
            Fault.formLoad(.error(.timeout), times: 1), Fault.trackingRequest(.appInactive),
            Fault.consentInfoUpdate(.delay(.seconds(11)), times: 2), Fault.adLoad(.callback(.otherThread)),
        ]
        let draft = ScenarioDraft(
            base: .object([]), answers: [AnswerChoice(key: .trackingPrompt, answer: "allow", after: .seconds(61))], faults: faults, steps: steps
        )
        let text = try Shrinker.fixture(draft, name: "round trip \"quoted\"", description: nil, expect: .violation(.identifierOnlyWhenAuthorized))
        let scenario = try Scenario.decode(json: text)
        #expect(scenario.steps == steps)
        #expect(scenario.faults == faults)
        #expect(scenario.user.trackingPrompt == ScriptedAnswer(.allow, after: .seconds(61)))
        #expect(scenario.expect.violation == .identifierOnlyWhenAuthorized)
        #expect(scenario.name == "round trip \"quoted\"")
    }

    @Test("a bad starting point is an error naming the place, not a crash")
    func badStart() {
        #expect(throws: ScenarioError.self) { try Explorer(startingPoint: #"{"device": {"osVersion": 18}}"#) }
        #expect(throws: ScenarioError.self) { try Explorer(startingPoint: "[1, 2") }
        #expect(throws: ScenarioError.self) { try Explorer(startingPoint: "[]") }
        #expect(throws: ScenarioError.self) {
            try Explorer(
                glue: GlueFactory(name: "other") { ReferenceGlue(ports: $0, consent: .current, configuration: AdsConfiguration(), mistakes: []) },
                startingPoint: #"{"app": {"mistakes": []}}"#)
        }
    }
}

/// Requests an ad at onboarding without asking the consent SDK, then asks for tracking.
private final class RequestsThenAsksGlue: ConsentGlue {
    private let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {}

    func runOnboarding() {
        ports.adSDK.loadAd(AdRequest(adUnitID: "ca-app-pub-3940256099942544/2934735716")) { _ in }
        ports.tracking.requestTrackingAuthorization { _ in }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }

    func requestAd(adUnitID: String) {}

    func openPrivacyOptions() {}

    func readAdvertisingIdentifier() -> UUID? { nil }
}

/// Counts in storage its returns to the foreground once the app has shown its identifier screen in
/// this process: a memory the explorer's state never shows, as reading nothing changes no state.
private final class RemembersReadingGlue: ConsentGlue {
    private let ports: AppPorts
    private let shownIdentifierScreen = Locked(false)

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {}

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }

    func didBecomeActive() {
        guard shownIdentifierScreen.snapshot else { return }
        ports.store.set(ports.store.integer(forKey: "activeAfterScreen").map { $0 + 1 } ?? 1, forKey: "activeAfterScreen")
    }

    func requestAd(adUnitID: String) {}

    func openPrivacyOptions() {}

    func readAdvertisingIdentifier() -> UUID? {
        shownIdentifierScreen.withLock { $0 = true }
        return nil
    }
}

/// Asks for tracking with the expanded request (not preferring the sheet), and opens its own
/// details page from the sheet's Additional Information button, which loads a banner without
/// asking the consent SDK: a bug only the 27.2 sheet can reach.
private final class DetailsPageAdGlue: ConsentGlue {
    private let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {}

    func runOnboarding() {
        let adSDK = ports.adSDK
        ports.tracking.requestTrackingAuthorization(
            preferringExpandedInterface: false,
            additionalInformation: { adSDK.loadAd(AdRequest(adUnitID: "ca-app-pub-3940256099942544/2934735716")) { _ in } },
            completion: { _ in }
        )
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }

    func requestAd(adUnitID: String) {}

    func openPrivacyOptions() {}

    func readAdvertisingIdentifier() -> UUID? { nil }
}
