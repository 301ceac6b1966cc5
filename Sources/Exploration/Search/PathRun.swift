import AdHarness
import Scenarios
import StandInRuntime

/// Runs one path of the explorer: the starting point with the path's decisions, its steps, then
/// one step more. Runs are replayed, never copied: a glue is any code, and only a run from the
/// start is sure to be the same run. The one exception is a world that a step left in the state it
/// was in, which the next step from that state may take as it stands (``StandingRun``).
struct PathRun: Sendable {
    let start: Scenario
    let glue: GlueFactory
    /// What makes two runs one state.
    let keys: StateKeys
    /// Whether a run goes on past a failure (recording it) rather than ending at it.
    var goesOnPastFailures = true
    /// Where the runs run: here, or each in a worker process.
    var place = RunPlace.inProcess
    /// Told of each run's trace as the run is set up (a worker process's stream to its supervisor).
    var observer: (@Sendable (Trace) -> Void)?

    /// Runs of `glue` from `start`, whose states count the decisions as a search of up to `maxFaults` faults does.
    init(start: Scenario, glue: GlueFactory, maxFaults: Int, goesOnPastFailures: Bool = true, place: RunPlace = .inProcess) {
        self.start = start
        self.glue = glue
        self.keys = StateKeys(maxFaults: maxFaults, startTargets: Set(start.faults.map(\.call)))
        self.goesOnPastFailures = goesOnPastFailures
        self.place = place
    }

    /// How a run ended.
    enum Outcome: Sendable {
        /// Every step ran: the state reached (its key under the run's decisions, and under them with every
        /// call made for the first time decided clean), whether the app runs, the calls made, in order, and
        /// the findings (failures and warnings) the last step and the end of the run recorded (a run that
        /// goes on past failures).
        case reached(
            key: Int, cleanKey: Int, running: Bool, consulted: [FaultTarget], pendingDue: Bool, toggleShown: Bool, failures: [Finding])
        /// A rule failed in the last step taken, after these steps: each finding of the run, in order.
        case violation([Finding], steps: [Step])
        /// A prompt or form appeared that the path has no answer for: the user-script key, and
        /// whether the tracking prompt was the expanded sheet (whose buttons differ from the alert's).
        case needsAnswer(UserScriptKey, onSheet: Bool)
        /// The step cannot be taken here (the app is not running, nothing is due, Settings refuses).
        case impossible
    }

    /// What running a path came to.
    struct Result {
        /// How the run ended.
        var outcome: Outcome
        /// The last step as it ran (a `wait` as its exact `advance`), as a fixture writes it.
        var lastStep: Step?
        /// Every step the world took.
        var steps: [Step]
        /// The world left standing in the state it reached, for the next step from there.
        var standing: StandingRun?

        init(_ outcome: Outcome, lastStep: Step?, steps: [Step], standing: StandingRun? = nil) {
            self.outcome = outcome
            self.lastStep = lastStep
            self.steps = steps
            self.standing = standing
        }
    }

    /// Runs `next` (if any) on a world standing in the state `steps` reached, or on a fresh run of
    /// the starting point's steps and `steps` when there is none, then the end-of-run checks.
    ///
    /// A run still in the state `stayKey` names, with no call made for the first time, is not
    /// finished: it is returned standing, for the next step from the same state (its end-of-run
    /// verdict is the state's, decided when the state was first reached). Any other run is finished
    /// and checked.
    func run(_ steps: [Step], then next: ExplorationStep?, decisions: Decisions, on standing: StandingRun?, stayKey: Int?) -> Result {
        if case .workers(let pool) = place {
            return pool.runPath(steps, then: next, decisions: decisions, on: standing, stayKey: stayKey, of: self)
        }
        return runHere(steps, then: next, decisions: decisions, on: standing, stayKey: stayKey)
    }

    /// ``run(_:then:decisions:on:stayKey:)`` in this process; `announce` hears the last step, as it
    /// will run, before it runs, and `finishing` when the run's end begins (a worker tells its supervisor).
    func runHere(
        _ steps: [Step], then next: ExplorationStep?, decisions: Decisions, on standing: StandingRun?, stayKey: Int?,
        announce: (Step) -> Void = { _ in }, finishing: () -> Void = {}
    ) -> Result {
        let app: SimulatedApp
        var taken: [Step]
        if let standing, let world = standing.app {
            (app, taken) = (world, standing.steps)
        } else {
            let scenario = decisions.applied(to: start, steps: steps)
            do {
                app = try scenario.makeApp(glue: glue, observing: observer)
            } catch {
                return Result(.impossible, lastStep: nil, steps: steps)
            }
            app.stopsAtFirstFailure = !goesOnPastFailures
            taken = steps
        }
        var concrete: Step?
        var findingsBefore = 0
        do {
            if standing?.app == nil {
                for step in start.steps + steps { try app.perform(step, at: .unwritten) }
            }
            // The starting point's own steps are the root run's (no path, no step more): its findings
            // are that run's, as `run` on the same file reports them; every later run leaves them out.
            findingsBefore = steps.isEmpty && next == nil ? 0 : app.findings.count
            if let next {
                guard let step = Self.concrete(next, on: app) else {
                    app.abandon()
                    return Result(.impossible, lastStep: nil, steps: taken)
                }
                concrete = step
                taken.append(step)
                announce(step)
                try app.perform(step, at: .unwritten)
            }
            let snapshot = app.stateSnapshot.hashValue
            let running = app.isRunning
            let consulted = app.faults.consulted
            let due = app.pendingWork.contains { $0.due != nil }
            let toggle = app.world.device.storedAnswer != .none
            let key = keys.key(snapshot, decisions)
            let stayed = stayKey == key && keys.undecided(consulted, decisions).isEmpty
            if !stayed {
                finishing()
                try app.finish(at: .unwritten)
            }
            let failures = Array(app.findings.dropFirst(findingsBefore))
            let outcome = Outcome.reached(
                key: key, cleanKey: keys.key(snapshot, keys.clean(consulted, decisions)), running: running, consulted: consulted, pendingDue: due,
                toggleShown: toggle, failures: failures)
            return Result(outcome, lastStep: concrete, steps: taken, standing: stayed ? StandingRun(app: app, steps: taken) : nil)
        } catch {
            return Result(Self.outcome(of: error, steps: taken, violations: app.findings), lastStep: concrete, steps: taken)
        }
    }

    /// `wait` becomes an advance to the next due work; `nil` when nothing is due.
    static func concrete(_ step: ExplorationStep, on app: SimulatedApp) -> Step? {
        switch step {
        case .step(let step): return step
        case .wait:
            let now = app.clock.now
            guard let next = app.pendingWork.compactMap(\.due).min() else { return nil }
            return .advance(max(next - now, .zero))
        }
    }

    static func outcome(of failure: HarnessFailure, steps: [Step], violations: [Finding]) -> Outcome {
        switch failure {
        case .invariantViolated(let violation): return .violation(violations.isEmpty ? [violation] : violations, steps: steps)
        case .scenarioIssue(_, let trace):
            let issue = trace.last { $0.name == .harnessIssue }
            if let key = issue?[.missingAnswer] {
                let prompt = trace.last { $0.name == .trackingPrompt }
                return .needsAnswer(key, onSheet: key == .trackingPrompt && prompt?[.trackingPromptStyle] == .sheet)
            }
            return .impossible
        case .invalidSetup, .appNotRunning: return .impossible
        }
    }
}

/// A run left unfinished in the state its path reached, so that the next step from that state
/// runs on it instead of on a replay of the path: only a step that leaves the state as it was
/// (reading the identifier, asking again once answered) keeps it standing.
struct StandingRun {
    /// The world, when it stands in this process.
    var app: SimulatedApp?
    /// The worker process it stands in, otherwise: the next step from the state goes to that worker.
    var worker: WorkerLease?
    /// Every step taken on it: the path, and the steps since that left the state as it was.
    let steps: [Step]

    /// A world standing in this process.
    init(app: SimulatedApp, steps: [Step]) {
        self.app = app
        self.steps = steps
    }

    /// A world standing in a worker process.
    init(worker: WorkerLease, steps: [Step]) {
        self.worker = worker
        self.steps = steps
    }

    /// Lets the world go: no step will run on it.
    func abandon() {
        app?.abandon()
        worker?.release()
    }
}
