import AdHarness

/// How many scenarios passed, failed, or could not be read, how many warnings they raised, and the
/// exit code that says so.
public struct RunSummary: Hashable, Sendable, Codable {
    /// Scenarios whose expectations all held and that nothing failed, at each result's `failOn`.
    public var passed: Int
    /// Scenarios that ran and failed, at each result's `failOn` (with `.warning`, those that warned too).
    public var failed: Int
    /// Files that could not be read or decoded.
    public var bad: Int
    /// Every result counted.
    public var total: Int
    /// Warnings raised, each rule counted once per scenario, whether or not they fail the run.
    public var warnings: Int
    /// The rules warned of, each once, in the order first met.
    public var rulesWarnedOf: [String]

    /// Counts the results.
    package init(_ results: [ScenarioResult]) {
        passed = results.count { $0.status == .pass }
        failed = results.count { $0.status == .fail }
        bad = results.count { $0.status == .bad }
        total = results.count
        let warned = results.flatMap(\.rulesWarnedOf)
        warnings = warned.count
        var seen: Set<RuleID> = []
        rulesWarnedOf = warned.filter { seen.insert($0).inserted }.map(\.rawValue)
    }

    /// Reads a summary written before the warnings were counted as well as after.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        passed = try container.decode(Int.self, forKey: .passed)
        failed = try container.decode(Int.self, forKey: .failed)
        bad = try container.decode(Int.self, forKey: .bad)
        total = try container.decode(Int.self, forKey: .total)
        warnings = try container.decodeIfPresent(Int.self, forKey: .warnings) ?? 0
        rulesWarnedOf = try container.decodeIfPresent([String].self, forKey: .rulesWarnedOf) ?? []
    }

    /// 0 all passed, 1 a scenario failed, 2 a file could not be read (which wins over a failure).
    package var exitCode: Int32 { bad > 0 ? 2 : failed > 0 ? 1 : 0 }
}
