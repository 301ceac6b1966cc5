import AdHarness
import AdRequestKit
import Foundation
import Scenarios
import StandInRuntime

/// Worker processes of a team's tool (its three-line executable over its glues, built beside the
/// tests), for a test that runs scenarios or explores in them: a glue that traps or blocks in a run
/// ends only the worker running it, the run's verdict is that finding (`noCrash`, `noHang`), and the
/// test goes on.
///
/// ```swift
/// let workers = try #require(WorkerProcesses.tool(named: "my-adharness"))
/// let verdict = try file.run(glue: GlueFactory(MyGlue.init), in: workers)
/// ```
///
/// The tool must be built with the same glue (`HarnessCommandLine.main(glues:)`), which it runs by
/// its name, and know the rules of your own a run names (`HarnessCommandLine.main(glues:knowing:)`).
/// The workers of `ScenarioFile.run(glue:rules:in:)` are started as runs need them and
/// kept for the next scenario of the same glue, until this value is gone; a search started with
/// ``Explorer/workerProcesses`` starts workers of its own and ends them when it is done.
public final class WorkerProcesses: Sendable {
    /// The tool's executable.
    public let tool: URL
    /// How long a worker may show no progress before it is ended and its run is a hang.
    public let watchdog: Duration
    private let pools = Locked<[String: WorkerPool]>([:])

    /// Workers of the executable `tool`, ended after `watchdog` without progress (10 s by default).
    public init(tool: URL, watchdog: Duration = .seconds(10)) {
        self.tool = tool
        self.watchdog = watchdog
    }

    /// Workers of the executable `name` built beside the running tests (`swift build` and `swift
    /// test` build a package's executables there), or `nil` when there is none.
    public static func tool(named name: String, watchdog: Duration = .seconds(10)) -> WorkerProcesses? {
        BuiltExecutable.named(name).map { WorkerProcesses(tool: $0, watchdog: watchdog) }
    }

    /// The settings of these workers, for an explorer.
    var settings: WorkerPool.Settings { WorkerPool.Settings(executable: tool, watchdog: watchdog) }

    /// The pool hosting `glue`, whose findings read rules of a team's against `known`, started on first use.
    func pool(for glue: GlueFactory?, knowing known: RuleSet = .standard) throws -> WorkerPool {
        let name = (glue?.name ?? "") + "\t" + known.description
        if let pool = pools.withLock({ $0[name] }) { return pool }
        let pool = try WorkerPool.forScenarios(settings, glue: glue, knowing: known)
        let kept = pools.withLock { pools in
            if let earlier = pools[name] { return earlier }
            pools[name] = pool
            return pool
        }
        if kept !== pool { pool.shutDown() }
        return kept
    }

    deinit {
        for pool in pools.withLock({ $0.values }) { pool.shutDown() }
    }
}

extension ScenarioFile {
    /// Reads the scenario and runs it against `glue` in one of `workers`: a trap or a hang of the
    /// glue is the verdict's finding, not the end of the test. The verdict is the one
    /// the same run gives in this process to a glue that neither traps nor hangs.
    public func run(glue: GlueFactory, rules: RuleSet? = nil, in workers: WorkerProcesses) throws(ScenarioError) -> ScenarioVerdict {
        let text = try Scenario.readFile(url, file: displayPath)
        let scenario = try Scenario.decode(text, file: displayPath, folder: url.deletingLastPathComponent(), knowing: rules ?? .standard)
        let pool: WorkerPool
        do { pool = try workers.pool(for: glue, knowing: rules ?? .standard) } catch {
            throw ScenarioError(file: displayPath, message: "the worker processes of \(workers.tool.path) did not start: \(error)")
        }
        let request = FixtureRequest(text: String(decoding: text, as: UTF8.self), file: url.path, displayPath: displayPath, rules: rules?.description)
        return pool.verdict(of: scenario, request: request, glue: glue, rules: rules, namingTrapPlace: true)
    }
}

extension Explorer {
    /// The worker processes the search runs its runs in, or `nil` for this process (the default in
    /// a test): set them, and a run that traps or hangs is a finding with its counterexample.
    public var workerProcesses: WorkerProcesses? {
        get { workers.map { WorkerProcesses(tool: $0.executable, watchdog: $0.watchdog) } }
        set { workers = newValue?.settings }
    }
}
