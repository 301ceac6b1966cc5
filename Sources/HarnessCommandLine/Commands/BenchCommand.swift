import AdHarness
import AdRequestKit
import Foundation
import ScenarioRunner
import StandInRuntime

/// `adharness bench`: speed and memory figures, printed rather than asserted.
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "Print scenarios and explorer runs per second, runs per distinct state, and the peak memory."
    static let help = """
        USAGE: adharness bench [--repeat N] [--depth N] [PATH...]

        Runs every scenario in PATHs (default the bundled Fixtures/) N times (default 50) on one core
        and prints scenarios per second; then explores the reference glue breadth-first with faults to
        depth 4 and to --depth (default 6, at most 12; 0 skips exploring) on every core, and prints
        for each the runs and distinct states per second, the runs per distinct state, the wall time
        and the cores it kept busy (processor time over wall time); then times one scenario that holds 60 s of virtual
        timeouts, and prints the peak memory. It also explores to --depth in worker processes of this
        tool, as `explore` runs by default, and prints that time beside the in-process one, what the
        isolation costs (the workers' time over the in-process time), the cores the workers and their
        supervisor kept busy (the supervisor's share apart), the workers' peak memory and the most the
        supervisor and its workers (one per core) hold together. Each figure is
        printed next to its goal. Use a release build for figures worth comparing:
        swift run -c release adharness bench
        """

    struct Settings {
        var repeats = 50
        var depth = 6
        var paths: [String] = []
    }

    static let defaults = Settings()

    static let options: [CommandOption<Settings>] = [
        .value("--repeat") { settings, text in
            guard let value = text.flatMap(Int.init), value > 0 else { return "--repeat takes a whole number of at least 1" }
            settings.repeats = value
            return nil
        },
        .value("--depth") { settings, text in
            let deepest = ExploreCommand.maximumBreadthFirstDepth
            // Breadth-first, as explore's: a deeper search would not end, so it is refused, not hung.
            guard let value = text.flatMap(Int.init), (0...deepest).contains(value) else {
                return "--depth takes a whole number from 0 to \(deepest) (0 skips exploring; each level multiplies the work)"
            }
            settings.depth = value
            return nil
        },
    ]

    static func argument(_ argument: String, into settings: inout Settings) -> String? {
        settings.paths.append(argument)
        return nil
    }

    static func run(_ settings: Settings, _ output: Output) -> Int32 {
        let (repeats, paths) = (settings.repeats, settings.paths)
        let scenarios: [Scenario]
        do {
            scenarios = try FixtureFiles.scenarioFiles(in: paths.isEmpty ? [FixtureFiles.locateBundled().path] : paths)
                .map { try Scenario.load(from: $0) }
        } catch {
            output.failure("\(error)")
            return 2
        }
        let clock = ContinuousClock()
        var runs = 0
        let elapsed = clock.measure {
            for _ in 0..<repeats {
                for scenario in scenarios {
                    _ = scenario.run()
                    runs += 1
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        output.line(
            "scenarios: \(scenarios.count) files x \(repeats) = \(runs) runs in \(format(seconds)) s on one core: "
                + "\(Int(Double(runs) / seconds)) scenarios/s (goal: at least 50000), peak memory so far \(peakMemoryMegabytes()) MB"
        )
        var deepest: (depth: Int, figures: ExplorationStatistics, busy: BusyCores)?
        for depth in settings.depth == 0 ? [] : Set([4, settings.depth]).sorted() {
            guard let explorer = try? Explorer(bounds: ExplorationBounds(depth: depth)) else { continue }
            let (report, busy) = BusyCores.measure { explorer.breadthFirst() }
            let figures = report.statistics
            deepest = (depth, figures, busy)
            let runsPerState = Double(figures.executions) / Double(max(figures.distinctStates, 1))
            let stepsPerState = Double(figures.executions + figures.stepsWithoutReplay) / Double(max(figures.distinctStates, 1))
            output.line(
                "explore (reference glue, breadth-first to depth \(depth), faults on, \(ProcessInfo.processInfo.activeProcessorCount) cores): "
                    + "\(figures.executions) runs and \(figures.stepsWithoutReplay) steps without a replay, "
                    + "\(figures.distinctStates) distinct states in \(format(figures.seconds)) s: "
                    + "\(Int(figures.runsPerSecond)) runs/s, \(Int(figures.distinctStatesPerSecond)) distinct states/s, "
                    + "\(String(format: "%.2f", runsPerState)) runs per distinct state "
                    + "(\(String(format: "%.2f", stepsPerState)) with the steps without a replay), \(busy.description)"
                    + (depth == 6 ? " (goals: at most 10 s, at most 1.3 runs per state)" : "")
            )
        }
        if let deepest, let executable = output.workers {
            isolation(depth: deepest.depth, inProcess: deepest.figures, busy: deepest.busy, executable: executable, output)
        }
        let (virtual, wall) = timeoutScenario()
        output.line("timeout scenario: \(virtual.harnessDescription) of virtual timeouts in \(format(wall * 1_000)) ms of wall time")
        output.line("peak memory: \(peakMemoryMegabytes()) MB (goal: flat in runs, bounded in exploration)")
        return 0
    }

    /// The reference glue explored to `depth` in worker processes of `executable`, beside the same
    /// search in this process (`inProcess`, which kept `busy` cores busy): the two times, their
    /// ratio, the cores each kept busy and the workers' peak memory.
    static func isolation(depth: Int, inProcess: ExplorationStatistics, busy: BusyCores, executable: URL, _ output: Output) {
        guard var explorer = try? Explorer(bounds: ExplorationBounds(depth: depth)) else { return }
        explorer.workers = WorkerPool.Settings(executable: executable)
        let (isolated, busyInWorkers) = BusyCores.measure { explorer.breadthFirst() }
        let inWorkers = isolated.statistics
        guard isolated.problem == nil, inWorkers.executions == inProcess.executions, inWorkers.distinctStates == inProcess.distinctStates else {
            output.line("isolation: the search in worker processes did not match the one in process: \(isolated.problem ?? "other figures")")
            return
        }
        // One worker per core, each at most as large as the largest: the supervisor and its workers together.
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let together = peakMemoryMegabytes() + workers * peakMemoryMegabytes(children: true)
        output.line(
            "isolation (reference glue, breadth-first to depth \(depth), faults on): \(format(inProcess.seconds)) s in process, "
                + "\(format(inWorkers.seconds)) s in worker processes: \(String(format: "%.2f", inWorkers.seconds / max(inProcess.seconds, 0.001)))x "
                + "(goal: at most 1.25x\(depth == 6 ? ", each at most 10 s" : "")); the workers' peak memory \(peakMemoryMegabytes(children: true)) MB, "
                + "at most \(together) MB with the supervisor's (\(workers) workers); "
                + "in process \(busy.description); in workers \(busyInWorkers.description), the supervisor "
                + "\(String(format: "%.2f", busyInWorkers.supervisorCores)) of them")
    }

    /// A first launch where the consent update and the form load never call back: the app waits
    /// 30 s for each before it goes on, conservatively. Returns the virtual time it held and the wall time.
    static func timeoutScenario() -> (Duration, Double) {
        let timeouts = CallbackTimeouts(consentInfoUpdate: .seconds(30), formLoad: .seconds(30))
        let clock = ContinuousClock()
        var virtual = Duration.zero
        let elapsed = clock.measure {
            guard
                let app = try? SimulatedApp(
                    user: User(trackingPrompt: .deny, consentForm: .acceptAll),
                    faults: [Fault.consentInfoUpdate(.callback(.never), times: 1), Fault.formLoad(.callback(.never), times: 1)],
                    configuration: AdsConfiguration(timeouts: timeouts)
                )
            else { return }
            try? app.launch()
            try? app.advance(by: .seconds(30))
            try? app.onboarding()
            try? app.advance(by: .seconds(30))
            virtual = app.clock.now
        }
        return (virtual, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Peak resident memory of this process (or of the largest of the child processes it waited
    /// for), in megabytes.
    static func peakMemoryMegabytes(children: Bool = false) -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
            return usage.ru_maxrss / 1_024
        #else
            getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
            return usage.ru_maxrss / 1_048_576
        #endif
    }
}
