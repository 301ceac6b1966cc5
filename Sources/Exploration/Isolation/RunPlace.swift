import AdHarness
import AppInfoPlist
import Foundation
import Scenarios
import StandInRuntime

/// Where the explorer's runs run: in this process, as fast as they go, or each in a worker process
/// under a supervisor, so that a glue that traps or hangs ends only its worker and is a finding.
///
/// Everything that runs a glue goes through here: a path of the search, a fixture the shrinker or
/// the counterexample's replay runs, a random walk.
package enum RunPlace: Sendable {
    /// In this process: a trap in the glue ends it, a glue that blocks blocks it.
    case inProcess
    /// In the workers of a pool.
    case workers(WorkerPool)

    /// Runs a fixture's text against `glue` (the reference glue it sets up when `nil`); with
    /// `namingTrapPlace`, a trap with no place of its own is run again to name it (``WorkerPool/placeOfTrap(_:)``).
    func verdict(of scenario: Scenario, text: String, glue: GlueFactory?, namingTrapPlace: Bool = false) -> ScenarioVerdict {
        switch self {
        case .inProcess: scenario.run(glue: glue)
        case .workers(let pool):
            pool.verdict(of: scenario, request: FixtureRequest(text: text, name: scenario.name), glue: glue, rules: nil, namingTrapPlace: namingTrapPlace)
        }
    }
}

extension WorkerPool {
    /// Workers of `settings` hosting `glue` (each scenario's reference glue when `nil`), for scenario
    /// files; throws, saying why, when none starts.
    package static func forScenarios(_ settings: Settings, glue: GlueFactory?, knowing known: RuleSet = .standard) throws -> WorkerPool {
        let pool = WorkerPool(settings: settings, setup: WorkerSetup(glue: glue?.name), knowing: known)
        try pool.start()
        return pool
    }

    /// A scenario file, read here and run in a worker, as ``ScenarioResult/run(_:glue:rules:failOn:)``
    /// runs it in this process: a worker that dies or hangs on it gives the crash's verdict.
    package func result(of file: ScenarioFile, glue: GlueFactory?, rules: RuleSet?, knowing known: RuleSet? = nil, failOn: RuleSeverity)
        -> ScenarioResult
    {
        let scenario: Scenario
        let text: Data
        do throws(ScenarioError) {
            text = try Scenario.readFile(file.url, file: file.displayPath)
            scenario = try Scenario.decode(
                text, file: file.displayPath, folder: file.url.deletingLastPathComponent(), knowing: known ?? rules ?? .standard)
        } catch {
            return ScenarioResult(file: file.displayPath, outcome: .unreadable(error), failOn: failOn)
        }
        // The text read here goes with the request: the worker runs what was checked here, and a pipe
        // (`adharness run <(jq ... file.json)`), which only this process can read, runs too.
        let request = FixtureRequest(
            text: String(decoding: text, as: UTF8.self), file: file.url.path, displayPath: file.displayPath, rules: rules?.description)
        let verdict = verdict(of: scenario, request: request, glue: glue, rules: rules, namingTrapPlace: true)
        return ScenarioResult(file: file.displayPath, outcome: .ran(verdict), failOn: failOn)
    }

    /// A path of the search, run in a worker (the one its world stands in, for a standing run): its
    /// outcome, the last step as it ran, the steps taken, and the run left standing in that worker. A
    /// worker that died or hung on it makes it a finding of the crash rules, with no state to go on from.
    func runPath(_ steps: [Step], then next: ExplorationStep?, decisions: Decisions, on standing: StandingRun?, stayKey: Int?, of path: PathRun)
        -> PathRun.Result
    {
        var events: [TraceEvent] = []
        // The last step as it runs: the worker says it only for a `wait` (which becomes an `advance`).
        var concrete: Step? = if case .step(let step)? = next { step } else { nil }
        var finishing = false
        var reply: String?
        let request = lines.request(steps, then: next, decisions: decisions, stayKey: stayKey, onStanding: standing?.worker != nil)
        let delivery = run(request, on: standing?.worker) { message in
            switch message {
            case .event(let event): events.append(event)
            case .finishing: finishing = true
            case .beat: break
            case .pathReply(let line): reply = line
            case .expansion: break
            case .line(let line): if let step = line.next { concrete = step }
            }
            return reply != nil
        }
        let before = standing?.steps ?? steps
        switch delivery {
        case .answered(let worker):
            guard let reply, let (outcome, ran, stayed) = try? lines.readReply(reply[...]) else {
                worker.release()
                return PathRun.Result(.impossible, lastStep: nil, steps: steps)
            }
            let taken = before + (ran.map { [$0] } ?? [])
            guard stayed else {
                worker.release()
                return PathRun.Result(outcome, lastStep: ran, steps: taken)
            }
            return PathRun.Result(outcome, lastStep: ran, steps: taken, standing: StandingRun(worker: worker, steps: taken))
        case .ended(.died(let reason, let message)):
            // Runs replay: the path's own run reached its state, so a run of it with one step more
            // dies in that step, or at the end of the run.
            let taken = before + (concrete.map { [$0] } ?? [])
            var death = Self.death(reason, message, events: events)
            death.step = finishing ? "finish" : concrete.map(Self.name(of:)) ?? death.step
            let findings = ProcessDeath.findings(ending: death.trace(after: events), rules: path.start.rules ?? path.glue.defaultRules)
            return PathRun.Result(findings.isEmpty ? .impossible : .violation(findings, steps: taken), lastStep: concrete, steps: taken)
        case .failed:
            return PathRun.Result(.impossible, lastStep: nil, steps: steps)
        }
    }

    /// A step's name as a trace's `step` event gives it: `advance` for `advance 1.000s`.
    static func name(of step: Step) -> String {
        String(step.description.prefix { $0 != " " })
    }

    /// A node of the search expanded in one worker, a batch of runs for one round trip; `nil` when
    /// the worker died or hung on it (its process counts among those lost) or the reply could not be
    /// read (a problem of the report's), for the search to expand it again run by run.
    func expand(_ node: BreadthFirstSearch.Node) -> BreadthFirstSearch.Expansion? {
        var reply: String?
        let delivery = run(lines.expandRequest(node), withSeenStates: true) { message in
            if case .expansion(let line) = message { reply = line }
            return reply != nil
        }
        guard case .answered(let worker) = delivery else { return nil }
        worker.release()
        do { return try reply.map { try lines.readExpansion($0[...], parent: node) } } catch {
            // A reply this supervisor cannot read is a bug of the harness's, said in the report; the
            // node is expanded again run by run.
            noteProblem("\(error)")
            return nil
        }
    }

    /// A random walk with its choices made, run in a worker. A worker that died or hung on it ends the
    /// walk there, with the crash rules' finding.
    func walk(decisions: Decisions, random: SplitMix64, bounds: ExplorationBounds, of path: PathRun) -> RandomWalks.WalkResult {
        var events: [TraceEvent] = []
        var taken: [Step] = []
        var finishing = false
        var reply: WalkReply?
        let request = WalkRequest(
            decisions: WireDecisions(decisions), random: random.state, steps: bounds.steps.map(WireExplorationStep.init), depth: bounds.depth)
        let delivery = run(WorkerRequest(walk: request).line) { message in
            switch message {
            case .event(let event): events.append(event)
            case .finishing: finishing = true
            case .beat, .pathReply, .expansion: break
            case .line(let line):
                if let step = line.next {
                    // The duplicate deliveries kept are those of the step the walk may die in.
                    taken.append(step)
                    events = []
                }
                reply = line.walk
            }
            return reply != nil
        }
        var result = RandomWalks.WalkResult(decisions: decisions)
        switch delivery {
        case .answered(let worker):
            worker.release()
            guard let reply, let violations = try? reply.findings.value() else { return result }
            (result.steps, result.states, result.violations) = (reply.steps, reply.states, violations)
        case .ended(.died(let reason, let message)):
            var death = Self.death(reason, message, events: events)
            death.step = finishing ? "finish" : taken.last.map(Self.name(of:)) ?? "setup"
            result.steps = taken
            result.violations = ProcessDeath.findings(ending: death.trace(after: events), rules: path.start.rules ?? path.glue.defaultRules)
        case .failed:
            break
        }
        return result
    }

    /// A fixture run in a worker: its verdict, or, when the worker died or hung on it, the verdict of
    /// the crash (``Scenario/verdict(dying:events:glue:rules:)``). With `namingTrapPlace`, a trap whose
    /// message names no file and line (a release build's) is run again to name them.
    func verdict(of scenario: Scenario, request: FixtureRequest, glue: GlueFactory?, rules: RuleSet?, namingTrapPlace: Bool = false)
        -> ScenarioVerdict
    {
        var events: [TraceEvent] = []
        var reply: WireVerdict?
        let line = WorkerRequest(fixture: request).line
        let delivery = run(line, remembersHangs: true) { message in
            switch message {
            case .event(let event): events.append(event)
            case .finishing, .beat, .pathReply, .expansion: break
            case .line(let line): reply = line.verdict
            }
            return reply != nil
        }
        switch delivery {
        case .answered(let worker):
            worker.release()
            do {
                guard let reply else { throw WireError("a worker answered with no verdict") }
                return try reply.value(trace: events, knowing: knownRules)
            } catch {
                return .of(
                    name: scenario.name, trace: events, mismatches: [], failure: .invalidSetup("\(error)"), violations: [], warnings: [],
                    rules: .standard, expectedWarnings: [])
            }
        case .ended(.died(let reason, var message)):
            if namingTrapPlace, reason == .trap, !WorkerConnection.namesAPlace(message), let place = placeOfTrap(line) { message = place }
            return scenario.verdict(dying: Self.death(reason, message, events: events), events: events, glue: glue, rules: rules)
        case .failed(let problem):
            return .of(
                name: scenario.name, trace: events, mismatches: [], failure: .invalidSetup(problem), violations: [], warnings: [], rules: .standard,
                expectedWarnings: [])
        }
    }

    /// The death of a worker, named from the events it sent before it: the step it died in (the
    /// last one begun; `finish` once the run's end began) and the duplicate delivery that step made,
    /// if a fault made one.
    static func death(_ reason: CrashReason, _ message: String, events: [TraceEvent]) -> ProcessDeath {
        let lastStep = events.lastIndex { $0.name == .step }
        var step = lastStep.map { events[$0][.step]?.rawValue ?? "step" }
        if let lastStep, events[lastStep][.detail] == "probe" || events[(lastStep + 1)...].contains(where: { $0.name == .runFinish }) {
            step = "finish"
        }
        let since = lastStep.map { events[($0 + 1)...] } ?? events[...]
        let duplicate = since.last { $0.name == .callbackDuplicate && $0["delivered"] == nil }
        return ProcessDeath(reason: reason, message: message, step: step, duplicateCallback: duplicate?["callback"])
    }
}
