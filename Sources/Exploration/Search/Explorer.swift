import AdHarness
import AdRequestKit
import Foundation
import Scenarios
import StandInRuntime

/// Searches the orders of steps, answers, timings and faults from a starting point for a run that
/// breaks a rule, and shrinks the first one found into a fixture that replays it.
///
/// A hand-written test covers the orders its author thought of; the explorer tries every order
/// within its bounds, and what it finds comes back as a short scenario to keep as a regression test.
///
/// ```swift
/// let explorer = try Explorer(
///     glue: MyGlue.init,
///     startingPoint: #"{"previousSession": {"consent": "obtained"}}"#,   // a scenario, steps optional
///     bounds: ExplorationBounds(depth: 3, maxFaults: 1)                 // up to 3 steps, at most 1 fault
/// )
/// let exploration = explorer.breadthFirst()
/// #expect(exploration.passed, "\(exploration.report)")   // a failure prints the shrunk fixture
/// ```
public struct Explorer: Sendable {
    /// What the search may choose, and how far it goes.
    public let bounds: ExplorationBounds
    /// The starting point, decoded.
    public let start: Scenario
    /// Whether written fixtures expect the violation (`expect.violation`), to pin a known bug,
    /// rather than fail until it is fixed (the default: a regression test for the fix).
    package var expectsViolation = false
    /// Whether a step that leaves its state as it was leaves its world for the next step from that
    /// state; off, every step runs on a replay (to show the two reach the same states).
    package var keepsStandingRuns = true
    /// Whether the search runs each state's path again before expanding it, and counts those that
    /// do not lead back (`pathsNotReplaying`): a test's check, at the cost of a run a state.
    package var checksPaths = false
    /// The worker processes that run the search's runs, the shrinking and the replays, when set: a glue
    /// that traps or hangs is then a finding (`noCrash`, `noHang`) and the search goes on. `nil` runs
    /// everything in this process.
    package var workers: WorkerPool.Settings?
    private let startJSON: JSONValue
    /// The starting point as decoded, for a worker to decode the same.
    private let startText: String
    private let glue: GlueFactory?
    private let hostedGlue: GlueFactory

    /// Explores from a starting point written as a scenario (device, previous session, app, user,
    /// faults, and steps to run first); `name`, `steps` and `expect` may be left out.
    ///
    /// With no glue, the reference glue runs as the scenario sets it up, with the scenario's
    /// timeouts; another glue runs only from a starting point that needs nothing but ground truth.
    /// The rules are `rules` if given (and written into every counterexample), else the starting
    /// point's, else the glue's own; the search looks for their failures.
    public init(
        glue: GlueFactory? = nil, startingPoint json: String = "{}", bounds: ExplorationBounds = ExplorationBounds(), rules: RuleSet? = nil
    ) throws(ScenarioError) {
        try self.init(glue: glue, data: Data(json.utf8), file: "starting point", bounds: bounds, rules: rules)
    }

    /// Explores your glue, given as `MyGlue.init`, as `SimulatedApp(glue:)` takes it.
    public init<Glue: ConsentGlue>(
        glue: @escaping @Sendable (AppPorts) -> Glue, startingPoint json: String = "{}", bounds: ExplorationBounds = ExplorationBounds(),
        rules: RuleSet? = nil
    ) throws(ScenarioError) {
        try self.init(glue: GlueFactory(glue), startingPoint: json, bounds: bounds, rules: rules)
    }

    /// Explores your async glue, given as `MyConsentManager.init`, as `SimulatedApp(glue:)` takes it.
    @available(macOS 15.0, iOS 18.0, *)
    public init<Glue: AsyncConsentGlue>(
        glue: @escaping @MainActor @Sendable (AppPorts) -> Glue, startingPoint json: String = "{}",
        bounds: ExplorationBounds = ExplorationBounds(), rules: RuleSet? = nil
    ) throws(ScenarioError) {
        try self.init(glue: GlueFactory(glue), startingPoint: json, bounds: bounds, rules: rules)
    }

    /// Explores from a scenario file, as `adharness explore FILE` does.
    public init(
        glue: GlueFactory? = nil, startingPointFile url: URL, bounds: ExplorationBounds = ExplorationBounds(), rules: RuleSet? = nil
    ) throws(ScenarioError) {
        try self.init(glue: glue, startingPointFile: url, bounds: bounds, rules: rules, knowing: rules ?? .standard)
    }

    /// Explores from a scenario file whose rules of a team's are read against `known`, as a team's
    /// tool does.
    package init(glue: GlueFactory?, startingPointFile url: URL, bounds: ExplorationBounds, rules: RuleSet?, knowing known: RuleSet) throws(ScenarioError) {
        try self.init(
            glue: glue, data: Scenario.readFile(url, file: url.path), file: url.path, folder: url.deletingLastPathComponent(), bounds: bounds, rules: rules,
            knowing: known)
    }

    private init(
        glue: GlueFactory?, data: Data, file: String, folder: URL? = nil, bounds: ExplorationBounds, rules: RuleSet?, knowing known: RuleSet? = nil
    ) throws(ScenarioError) {
        var object = JSONValue(try Scenario.parse(data, file: file).root)
        guard case .object = object else { throw ScenarioError(file: file, message: "expected a scenario object") }
        if let rules { object["rules"] = .string(rules.description) }
        // Every run decodes the starting point's text again, from no file: the app's Info.plist is
        // named by its full path, so each run reads the same file.
        if let folder, case .string(let path)? = object["device"]?["infoPlistFile"], !path.hasPrefix("/") {
            object["device"]?["infoPlistFile"] = .string(folder.appendingPathComponent(path).standardizedFileURL.path)
        }
        // A starting point may leave out what only a complete scenario needs.
        if object["name"] == nil { object["name"] = .string("starting point") }
        if object["steps"] == nil { object["steps"] = .array([]) }
        if object["expect"] == nil { object["expect"] = .object([]) }
        let startText = object.text(indent: nil)
        // Placed in the file as written: a mistake is reported at its line there, not in this one-line text.
        let start = try Scenario.decode(Data(startText.utf8), file: file, isStartingPoint: true, knowing: known ?? rules ?? .standard, written: data)
        if let glue, !glue.isReference, let reason = start.referenceGlueReasons.first {
            throw ScenarioError(file: file, message: "the starting point checks the reference glue (\(reason)), so \(glue.name) cannot start from it")
        }
        var bounds = bounds
        if glue == nil { bounds.timeouts = start.app.configuration.timeouts }
        // The app's own controls are steps too: the user may tap each at any point.
        for control in glue?.controls ?? [] where !bounds.steps.contains(.step(.tap(control))) {
            bounds.steps.insert(.step(.tap(control)), at: bounds.steps.firstIndex(of: .wait) ?? bounds.steps.endIndex)
        }
        for key in ["name", "description", "steps", "expect"] { object[key] = nil }
        self.startJSON = object
        self.startText = startText
        self.start = start
        self.glue = glue
        self.hostedGlue = glue ?? start.referenceGlue
        self.bounds = bounds
    }

    /// The rules whose names the search's fixtures may write: the package's, and those of a team's
    /// the starting point's rule set adds.
    private var knownRules: RuleSet { start.rules ?? .standard }

    private func pathRun(_ place: RunPlace) -> PathRun {
        PathRun(start: start, glue: hostedGlue, maxFaults: bounds.maxFaults, goesOnPastFailures: !bounds.stopAtFirstViolation, place: place)
    }

    /// Where a search's runs run: in this process, or in worker processes started for it (ended by
    /// `done`); a problem starting them is the search's report's.
    private func place() -> (RunPlace, done: () -> Void, problem: String?) {
        guard let workers else { return (.inProcess, {}, nil) }
        let pool = WorkerPool(
            settings: workers,
            setup: WorkerSetup(
                glue: glue?.name, start: startText, maxFaults: bounds.maxFaults, goesOnPastFailures: !bounds.stopAtFirstViolation,
                search: WireSearch(bounds: WireBounds(bounds), keepsStandingRuns: keepsStandingRuns, checksPaths: checksPaths)),
            knowing: knownRules)
        do { try pool.start() } catch { return (.inProcess, {}, "\(error)") }
        return (.workers(pool), pool.shutDown, nil)
    }

    /// The starting devices to explore.
    private var devices: [DeviceVariant] {
        bounds.devices(
            osVersionGiven: startJSON["device"]?["osVersion"] != nil, regionGiven: startJSON["device"]?["region"] != nil,
            countryGiven: startJSON["device"]?["country"] != nil)
    }

    /// Every state within ``ExplorationBounds/depth`` steps, breadth-first: a violation found is one
    /// of the shortest. `progress` hears after each level.
    public func breadthFirst(shard: ExplorationShard? = nil, progress: (ExplorationStatistics) -> Void = { _ in }) -> ExplorationReport {
        let started = ContinuousClock.now
        var statistics = ExplorationStatistics()
        let (place, done, problem) = place()
        defer { done() }
        if let problem { return ExplorationReport(problem: problem, mode: "breadth-first to depth \(bounds.depth)") }
        let search = BreadthFirstSearch(run: pathRun(place), bounds: bounds, keepsStandingRuns: keepsStandingRuns, checksPaths: checksPaths)
        var states = Set<Int>()
        let found = search.search(devices: devices, shard: shard, statistics: &statistics, states: &states) { figures in
            var figures = figures
            figures.seconds = Self.seconds(since: started)
            progress(figures)
        }
        let mode = "breadth-first to depth \(bounds.depth)" + (shard.map { ", shard \($0)" } ?? "")
        var result = report(mode: mode, found: found, statistics: statistics, started: started, place: place)
        result.stateKeys = states
        return result
    }

    /// `walks` random walks of up to ``ExplorationBounds/depth`` steps from `seed`: the same seed
    /// gives the same walks. `progress` hears after each batch.
    package func randomWalks(_ walks: Int, seed: UInt64, shard: ExplorationShard? = nil, progress: (ExplorationStatistics) -> Void = { _ in })
        -> ExplorationReport
    {
        let started = ContinuousClock.now
        var statistics = ExplorationStatistics()
        let (place, done, problem) = place()
        defer { done() }
        if let problem { return ExplorationReport(problem: problem, mode: "\(walks) random walks") }
        let search = RandomWalks(run: pathRun(place), bounds: bounds)
        let found = search.search(devices: devices, walks: walks, seed: seed, shard: shard, statistics: &statistics) { figures in
            var figures = figures
            figures.seconds = Self.seconds(since: started)
            progress(figures)
        }
        let mode = "\(walks) random walks of up to \(bounds.depth) steps, seed \(seed)" + (shard.map { ", shard \($0)" } ?? "")
        return report(mode: mode, found: found, statistics: statistics, started: started, place: place)
    }

    private func report(mode: String, found: [SearchFinding], statistics: ExplorationStatistics, started: ContinuousClock.Instant, place: RunPlace)
        -> ExplorationReport
    {
        var statistics = statistics
        statistics.seconds = Self.seconds(since: started)
        let shrinking = ContinuousClock.now
        let findings = found.compactMap { counterexample(violation: $0.violation, steps: $0.steps, decisions: $0.decisions, mode: mode, place: place) }
        var report = ExplorationReport(mode: mode, statistics: statistics, findings: findings, shrinkingSeconds: Self.seconds(since: shrinking))
        if case .workers(let pool) = place {
            report.statistics.workersLost = pool.lost
            report.problem = pool.problem
        }
        return report
    }

    /// Shrinks a run that broke a rule (at failure or warning) and writes it as a fixture that scripts
    /// every answer, so it still replays once the glue is fixed and shows another prompt; `nil` only if
    /// it cannot be written or does not replay.
    private func counterexample(violation: Finding, steps: [Step], decisions: Decisions, mode: String, place: RunPlace) -> Counterexample? {
        let base = decisions.device.setting(startJSON)
        let draft = ScenarioDraft(base: base, answers: decisions.answers, faults: decisions.chosenFaults, steps: start.steps + steps)
        var shrinker = Shrinker(glue: glue, rule: violation.rule, pinned: startJSON, knowing: knownRules)
        shrinker.place = place
        guard let (shrunk, _) = shrinker.shrink(draft) else { return nil }
        let severity = violation.severity
        let name = "explore: \(violation.rule.rawValue) in \(Self.steps(shrunk.steps.count))"
        let description =
            "Found by adharness explore (\(mode)) and shrunk from \(Self.steps(draft.steps.count)). "
            + "It \(severity == .warning ? "warns of" : "breaks") \(violation.rule.rawValue): \(violation.rule.statement)"
        // Every answer scripted: once fixed, the glue may show a prompt or a form the buggy run never did.
        let complete = answeringEverything(shrunk)
        for small in complete.answers == shrunk.answers ? [shrunk] : [complete, shrunk] {
            guard let (fixture, scenario, replayed) = written(small, name: name, description: description, finding: violation, place: place) else { continue }
            return Counterexample(
                rule: violation.rule, severity: severity, finding: replayed,
                steps: small.steps.map(\.description), choices: small.answers.map(\.description) + small.faults.map(\.description),
                stepsBeforeShrinking: draft.steps.count, fixture: fixture, scenario: scenario
            )
        }
        return nil
    }

    /// The draft with the simplest answer added for every prompt or form its script leaves unanswered.
    private func answeringEverything(_ draft: ScenarioDraft) -> ScenarioDraft {
        var draft = draft
        let keys: [UserScriptKey] =
            if case .legacy = start.consent { [.trackingPrompt, .legacyConsentForm] } else { [.trackingPrompt, .consentForm, .privacyOptionsForm] }
        let answered = start.user.answeredKeys.union(draft.answers.map(\.key))
        for key in keys where !answered.contains(key) {
            if let simplest = ExplorationBounds(lateAnswers: false).answers(for: key)?.first { draft.answers.append(simplest) }
        }
        return draft
    }

    /// The draft written as a fixture, decoded, and replayed: `nil` unless the replay shows the finding.
    private func written(_ draft: ScenarioDraft, name: String, description: String, finding: Finding, place: RunPlace)
        -> (String, Scenario, Finding)?
    {
        guard let probe = try? Shrinker.fixture(draft, name: name, description: description),
            let scenario = try? Scenario.decode(Data(probe.utf8), file: name, knowing: knownRules).withoutStepLines()
        else { return nil }
        let verdict = place.verdict(of: scenario, text: probe, glue: glue, namingTrapPlace: true)
        let findings = verdict.violations + verdict.warnings
        guard let replayed = findings.first(where: { $0.rule == finding.rule }) else { return nil }
        let expect: FixtureExpectation =
            switch (finding.severity, expectsViolation) {
            case (.warning, false): .noWarnings
            case (.warning, true): .warnings(verdict.firstWarningOfEachRule.map(\.rule))
            case (_, false): .nothing
            case (_, true): .violation(finding.rule)
            }
        guard let text = try? Shrinker.fixture(draft, name: name, description: description, expect: expect),
            let written = try? Scenario.decode(Data(text.utf8), file: name, knowing: knownRules).withoutStepLines()
        else { return nil }
        return (text, written, replayed)
    }

    private static func steps(_ count: Int) -> String { count == 1 ? "1 step" : "\(count) steps" }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
