import AdHarness
import Foundation
import Scenarios
import StandInRuntime

/// Random walks past the breadth-first bound: each walk draws its answers and faults, then its
/// steps one at a time from those possible, and is checked after every step. Walk `n` of seed `s`
/// is the same walk on every machine and in every shard (shuttle's replayable random schedules).
struct RandomWalks: Sendable {
    let run: PathRun
    let bounds: ExplorationBounds

    /// The walks a shard takes: every `count`-th, from its index.
    func search(
        devices: [DeviceVariant], walks: Int, seed: UInt64, shard: ExplorationShard?, statistics: inout ExplorationStatistics,
        progress: (ExplorationStatistics) -> Void
    ) -> [SearchFinding] {
        var findings = SearchFindings()
        let mine = (0..<walks).filter { shard == nil || $0 % shard!.count == shard!.index - 1 }
        var seen = Set<Int>()
        let batch = 256
        for start in stride(from: 0, to: mine.count, by: batch) {
            let walkNumbers = Array(mine[start..<min(start + batch, mine.count)])
            let results = EveryCore.map(walkNumbers) { walk(number: $0, seed: seed, devices: devices) }
            for result in results {
                statistics.executions += 1
                statistics.depthReached = max(statistics.depthReached, result.steps.count)
                seen.formUnion(result.states)
                for violation in result.violations { findings.add((violation, result.steps, result.decisions)) }
            }
            statistics.distinctStates = seen.count
            progress(statistics)
            if findings.complete || (bounds.stopAtFirstViolation && !findings.list.isEmpty) { break }
        }
        return findings.list
    }

    struct WalkResult: Sendable {
        var steps: [Step] = []
        var decisions: Decisions
        var states: [Int] = []
        var violations: [Finding] = []
    }

    /// One walk: its choices drawn from its own generator, then its steps, here or in a worker.
    func walk(number: Int, seed: UInt64, devices: [DeviceVariant]) -> WalkResult {
        let (decisions, random) = choices(number: number, seed: seed, devices: devices)
        if case .workers(let pool) = run.place { return pool.walk(decisions: decisions, random: random, bounds: bounds, of: run) }
        return Self.walk(run, decisions: decisions, random: random, steps: bounds.steps, depth: bounds.depth)
    }

    /// A walk's answers and faults, drawn from its own generator, and the generator after them.
    private func choices(number: Int, seed: UInt64, devices: [DeviceVariant]) -> (Decisions, SplitMix64) {
        var random = SplitMix64(seed: seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15))
        var decisions = Decisions()
        decisions.device = devices[random.below(devices.count)]
        let answered = run.start.user.answeredKeys
        // A walk draws its answers before it runs: the sheet's buttons where every prompt is the sheet.
        var device = run.start.device
        decisions.device.apply(to: &device)
        let onSheet = device.os.osVersion.hasEUTrackingPromptRules && device.trackingPromptRegion == .euFullPageSheet
        for key in ExplorationBounds.answerKeys where !answered.contains(key) {
            if let choices = bounds.answers(for: key, onSheet: onSheet) { decisions = decisions.answering(choices[random.below(choices.count)]) }
        }
        let taken = Set(run.start.faults.map(\.call))
        var targets = FaultTarget.allCases.filter { !taken.contains($0) }
        for _ in 0..<random.below(bounds.maxFaults + 1) where !targets.isEmpty {
            let target = targets.remove(at: random.below(targets.count))
            let faults = bounds.faults(for: target)
            decisions = decisions.deciding(target, faults[random.below(faults.count)])
        }
        return (decisions, random)
    }

    /// A walk's steps, drawn from `random`, on a run of the starting point with its choices, in this
    /// process; `announce` hears each step as it will run, before it runs (a worker tells its supervisor).
    static func walk(
        _ run: PathRun, decisions: Decisions, random: SplitMix64, steps choices: [ExplorationStep], depth: Int, announce: (Step) -> Void = { _ in },
        finishing: () -> Void = {}
    ) -> WalkResult {
        var random = random
        var result = WalkResult(decisions: decisions)
        let scenario = decisions.applied(to: run.start, steps: [])
        guard let app = try? scenario.makeApp(glue: run.glue, observing: run.observer) else { return result }
        do {
            for step in scenario.steps { try app.perform(step, at: .unwritten) }
            for _ in 0..<depth {
                let hasDue = app.pendingWork.contains { $0.due != nil }
                let (running, toggle) = (app.isRunning, app.world.device.storedAnswer != .none)
                let possible = choices.filter { $0.applies(running: running, trackingToggleShown: toggle) && ($0 != .wait || hasDue) }
                guard !possible.isEmpty, let step = PathRun.concrete(possible[random.below(possible.count)], on: app) else { break }
                result.steps.append(step)
                announce(step)
                try app.perform(step, at: .unwritten)
                result.states.append(app.stateSnapshot.hashValue)
            }
            finishing()
            try app.finish(at: .unwritten)
        } catch {
            // A walk that stopped on a scenario issue or an impossible step has no finding to keep.
            guard case .violation = PathRun.outcome(of: error, steps: result.steps, violations: []) else { return result }
        }
        // Every rule the walk broke, failures and warnings alike.
        result.violations = app.findings
        return result
    }
}

/// A small, fast generator with a fixed sequence for each seed (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    /// Where the sequence is: a generator made from it goes on from here.
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound` (0 when the bound is 0).
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
