import StandInRuntime

/// What makes two runs one state of the search: the world (its snapshot's hash) and the decisions
/// that still shape what can happen next. A run works its keys out where it runs, so a search in
/// worker processes compares keys that every worker hashed alike.
struct StateKeys: Sendable {
    /// How many faults a run may carry.
    let maxFaults: Int
    /// Targets the starting point already gives faults for: the explorer adds none there.
    let startTargets: Set<FaultTarget>

    /// The state's identity: the world, and the decisions that still shape what can happen next.
    func key(_ snapshot: Int, _ decisions: Decisions) -> Int {
        var hasher = Hasher()
        hasher.combine(snapshot)
        hasher.combine(decisions.device)
        hasher.combine(Set(decisions.answers))
        // Which calls were met clean matters only while a fault may still be chosen for the others.
        if decisions.chosenFaults.count < maxFaults { hasher.combine(Set(decisions.faults.keys)) }
        hasher.combine(decisions.chosenFaults.filter { $0.times == nil })
        hasher.combine(decisions.chosenFaults.count)
        return hasher.finalize()
    }

    /// The calls made for the first time on this path: those neither decided nor given a fault by the starting point.
    func undecided(_ consulted: [FaultTarget], _ decisions: Decisions) -> [FaultTarget] {
        consulted.filter { decisions.faults[$0] == nil && !startTargets.contains($0) }
    }

    /// The decisions with every call made for the first time decided clean.
    func clean(_ consulted: [FaultTarget], _ decisions: Decisions) -> Decisions {
        undecided(consulted, decisions).reduce(decisions) { $0.deciding($1, nil) }
    }
}
