import AdHarness
import Foundation
import Scenarios
import StandInRuntime

/// Exhaustive breadth-first search up to a depth bound, each state explored once, so the first
/// violation found is one of the shortest (TLC's order; one found on a world that steps keeping its
/// state had walked is run again without them, and keeps them only if it needs them); the work of
/// a level is shared by the cores and merged in a fixed order, so the result does not depend on how
/// many there are.
struct BreadthFirstSearch: Sendable {
    let run: PathRun
    let bounds: ExplorationBounds
    /// Whether a step that leaves its node's state as it was leaves its world for the next step.
    var keepsStandingRuns = true
    /// Whether each node's path is run again before the node is expanded, to count the paths
    /// that do not lead back to their node's state (a test's check; every path should).
    var checksPaths = false
    /// Whether a search whose runs run in worker processes hands a worker a whole node to expand
    /// (every step from it under each choice: one round trip for the batch, not one per run). A
    /// batch whose worker dies or hangs is expanded again run by run, so the run that did it is the
    /// finding and the batch's other runs go to another worker.
    var batches = true

    /// A state reached, and the shortest path to it found first.
    struct Node: Sendable {
        var steps: [Step]
        var decisions: Decisions
        var running: Bool
        var pendingDue: Bool
        var toggleShown = false
        /// The state's key, once known.
        var key = 0
        /// For a finding made on a world that earlier steps had left in its state: the path without
        /// those steps, which a fresh run tries before the longer one is reported.
        var withoutStayingSteps: [Step]?

        func keyed(_ key: Int) -> Node {
            var node = self
            node.key = key
            return node
        }
    }

    /// What expanding one node gave: its new children with their state keys, or a violation.
    struct Expansion: Sendable {
        var children: [(Node, Int)] = []
        var violations: [(Finding, Node)] = []
        var executions = 0
        var stepsWithoutReplay = 0
        var pathsNotReplaying = 0
    }

    /// The first violation of each rule broken, in the order found: the shortest for each.
    func search(
        devices: [DeviceVariant], shard: ExplorationShard?, statistics: inout ExplorationStatistics, states: inout Set<Int>,
        progress: (ExplorationStatistics) -> Void
    ) -> [SearchFinding] {
        var rootExpansion = Expansion()
        for device in devices {
            var decisions = Decisions()
            decisions.device = device
            var standing: StandingRun?
            resolve(
                Node(steps: [], decisions: decisions, running: false, pendingDue: false), next: nil, decisions: decisions, standing: &standing,
                into: &rootExpansion)
        }
        statistics.executions += rootExpansion.executions
        statistics.stepsWithoutReplay += rootExpansion.stepsWithoutReplay
        var findings = SearchFindings()
        findings.add(rootExpansion.violations)
        var seen = Set(rootExpansion.children.map(\.1))
        defer { states = seen }
        if findings.complete { return findings.list }
        var frontier = rootExpansion.children.map { $0.keyed($1) }
        statistics.distinctStates = seen.count
        // Workers that expand whole nodes report only children in states the search has not seen.
        let pool: WorkerPool? = if batches, case .workers(let pool) = run.place { pool } else { nil }
        pool?.announce(seen: rootExpansion.children.map(\.1))
        var split = shard == nil
        for depth in 1...max(bounds.depth, 1) where bounds.depth > 0 {
            if let shard, !split, frontier.count >= shard.count * 4 || depth == bounds.depth {
                frontier = frontier.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
                split = true
            }
            let expansions = expandAll(frontier, skipping: seen)
            frontier = []
            for expansion in expansions {
                statistics.executions += expansion.executions
                statistics.stepsWithoutReplay += expansion.stepsWithoutReplay
                statistics.pathsNotReplaying += expansion.pathsNotReplaying
                findings.add(expansion.violations)
                for (child, key) in expansion.children where seen.insert(key).inserted { frontier.append(child.keyed(key)) }
            }
            pool?.announce(seen: frontier.map(\.key))
            statistics.distinctStates = seen.count
            statistics.depthReached = depth
            progress(statistics)
            if frontier.isEmpty || findings.complete || (bounds.stopAtFirstViolation && !findings.list.isEmpty) { break }
        }
        return findings.list.indices.map { shortest(findings.list[$0], without: findings.withoutStayingSteps[$0]) }
    }

    /// A finding made on a world that steps keeping its state had walked, as the shorter path
    /// without those steps gives it when a fresh run of that path breaks the same rule.
    private func shortest(_ finding: SearchFinding, without steps: [Step]?) -> SearchFinding {
        guard let steps, !steps.isEmpty else { return finding }
        let fresh = freshRun(of: steps, decisions: finding.decisions)
        let violations: [Finding]
        switch fresh.outcome {
        case .violation(let found, _): violations = found
        case .reached(_, _, _, _, _, _, let failures): violations = failures
        case .needsAnswer, .impossible: violations = []
        }
        guard let violation = violations.first(where: { $0.rule == finding.violation.rule }) else { return finding }
        return (violation, fresh.steps, finding.decisions)
    }

    /// Expands every node of a level, on every core (``EveryCore``), keeping the nodes' order. A
    /// child in a state of an earlier level is dropped as it is found (most runs end in one): the
    /// level holds only the children that may be new, so memory grows with the states, not the runs.
    private func expandAll(_ nodes: [Node], skipping seen: Set<Int>) -> [Expansion] {
        EveryCore.map(nodes) { node in
            var expansion = expand(node)
            expansion.children.removeAll { seen.contains($0.1) }
            return expansion
        }
    }

    /// Runs every step that applies from a node. A step that leaves the state as it was keeps its
    /// world standing for the next step, which then needs no replay of the node's path.
    func expand(_ node: Node) -> Expansion {
        if batches, case .workers(let pool) = run.place, let expansion = pool.expand(node) { return expansion }
        var expansion = Expansion()
        if checksPaths && !replays(node) { expansion.pathsNotReplaying += 1 }
        var standing: StandingRun?
        for step in bounds.steps where step.applies(running: node.running, trackingToggleShown: node.toggleShown) && (step != .wait || node.pendingDue) {
            resolve(node, next: step, decisions: node.decisions, standing: &standing, into: &expansion)
        }
        standing?.abandon()
        return expansion
    }

    /// Runs one step from a node under each choice it meets for the first time: every answer to a
    /// prompt that appears unanswered, and clean or each fault for a call made for the first time.
    /// The first run, under the node's own choices, runs on `standing` if there is one, and leaves
    /// its world there if the step kept the node's state.
    private func resolve(
        _ node: Node, next: ExplorationStep?, decisions: Decisions, standing: inout StandingRun?, into expansion: inout Expansion
    ) {
        var pending = [decisions]
        var index = 0
        while index < pending.count {
            let decisions = pending[index]
            index += 1
            let reused = index == 1 ? standing : nil
            if index > 1 { standing?.worker?.release() }
            standing = nil
            if reused == nil { expansion.executions += 1 } else { expansion.stepsWithoutReplay += 1 }
            // Only a step's first choice, on the node's own decisions, may leave its world standing.
            let stayKey = keepsStandingRuns && index == 1 && next != nil ? node.key : nil
            let result = run.run(node.steps, then: next, decisions: decisions, on: reused, stayKey: stayKey)
            standing = result.standing
            // A child is reached by the steps its world took, the steps that kept the node's state
            // included: the state key describes that world, and a glue's memory may hold more than the key.
            let steps = result.steps
            let withoutStayingSteps = reused == nil ? nil : node.steps + (result.lastStep.map { [$0] } ?? [])
            switch result.outcome {
            case .impossible:
                continue
            case .needsAnswer(let key, let onSheet):
                guard let choices = bounds.answers(for: key, onSheet: onSheet) else { continue }
                pending += choices.map(decisions.answering)
            case .violation(let violations, let steps):
                let node = Node(steps: steps, decisions: decisions, running: false, pendingDue: false, withoutStayingSteps: withoutStayingSteps)
                expansion.violations += violations.map { ($0, node) }
            case .reached(_, let cleanKey, let running, let consulted, let pendingDue, let toggleShown, let failures):
                let undecided = run.keys.undecided(consulted, decisions)
                let clean = run.keys.clean(consulted, decisions)
                let child = Node(steps: steps, decisions: clean, running: running, pendingDue: pendingDue, toggleShown: toggleShown)
                // A path that broke a rule is a finding, and goes on: the bugs behind it are found too.
                let found = Node(steps: steps, decisions: decisions, running: running, pendingDue: pendingDue, withoutStayingSteps: withoutStayingSteps)
                expansion.violations += failures.map { ($0, found) }
                expansion.children.append((child, cleanKey))
                guard decisions.chosenFaults.count < bounds.maxFaults else { continue }
                for (position, target) in undecided.enumerated() {
                    let before = undecided[..<position].reduce(decisions) { $0.deciding($1, nil) }
                    pending += bounds.faults(for: target).map { before.deciding(target, $0) }
                }
            }
        }
    }

    /// Whether a fresh run of a node's path reaches the node's state.
    private func replays(_ node: Node) -> Bool {
        guard case .reached(let key, _, _, _, _, _, _) = freshRun(of: node.steps, decisions: node.decisions).outcome else { return false }
        return key == node.key
    }

    /// A path run from the start and finished, its last step taken as the step a search takes (so
    /// the failures it records count).
    private func freshRun(of steps: [Step], decisions: Decisions) -> PathRun.Result {
        run.run(Array(steps.dropLast()), then: steps.last.map { .step($0) }, decisions: decisions, on: nil, stayKey: nil)
    }
}

/// A run that broke a rule: the violation, the steps, and the choices made on the way.
typealias SearchFinding = (violation: Finding, steps: [Step], decisions: Decisions)

/// The first run found to break each rule.
struct SearchFindings {
    private(set) var list: [SearchFinding] = []
    /// For each finding, the path without the steps that kept a state, when it has such steps.
    private(set) var withoutStayingSteps: [[Step]?] = []

    /// Keeps each violation whose rule has none yet.
    mutating func add(_ violations: [(Finding, BreadthFirstSearch.Node)]) {
        for (violation, node) in violations where !list.contains(where: { $0.violation.rule == violation.rule }) {
            list.append((violation, node.steps, node.decisions))
            withoutStayingSteps.append(node.withoutStayingSteps)
        }
    }

    mutating func add(_ finding: SearchFinding) {
        if !list.contains(where: { $0.violation.rule == finding.violation.rule }) {
            list.append(finding)
            withoutStayingSteps.append(nil)
        }
    }

    /// Whether every rule has been broken: nothing more to find.
    var complete: Bool { list.count == RuleID.allCases.count }
}
