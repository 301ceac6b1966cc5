/// How many scenarios passed, failed, or could not be read, and the exit code that says so.
public struct RunSummary: Hashable, Sendable, Codable {
    /// Scenarios whose expectations all held.
    public var passed: Int
    /// Scenarios that ran and failed.
    public var failed: Int
    /// Files that could not be read or decoded.
    public var bad: Int
    /// Every result counted.
    public var total: Int

    /// Counts the results.
    public init(_ results: [ScenarioResult]) {
        passed = results.count { $0.status == .pass }
        failed = results.count { $0.status == .fail }
        bad = results.count { $0.status == .bad }
        total = results.count
    }

    /// 0 all passed, 1 a scenario failed, 2 a file could not be read (which wins over a failure).
    public var exitCode: Int32 { bad > 0 ? 2 : failed > 0 ? 1 : 0 }
}
