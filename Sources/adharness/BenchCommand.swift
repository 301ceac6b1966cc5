import AdHarness
import AdRequestKit
import Foundation
import HarnessSupport
import ScenarioRunner

/// `adharness bench`: speed and memory figures, printed rather than asserted.
enum BenchCommand {
    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        var repeats = 50
        var paths: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                output.line(HelpText.bench)
                return 0
            case "--repeat":
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    return output.usageError("--repeat takes a whole number of at least 1", help: HelpText.bench)
                }
                repeats = value
            case let option where option.hasPrefix("-"):
                return output.unknownOption(option, command: "bench", known: ["--repeat", "--help"], help: HelpText.bench)
            default:
                paths.append(argument)
            }
        }
        let scenarios: [Scenario]
        do {
            scenarios = try FixtureFiles.scenarioFiles(in: paths.isEmpty ? [FixtureFiles.locateBundled().path] : paths)
                .map { try Scenario.load(from: $0) }
        } catch {
            output.error("adharness: \(error)")
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
        output.line("scenarios: \(scenarios.count) files x \(repeats) = \(runs) runs in \(format(seconds)) s: \(Int(Double(runs) / seconds)) scenarios/s")

        if let explorer = try? Explorer(bounds: ExplorationBounds(depth: 4)) {
            let figures = explorer.breadthFirst().statistics
            output.line(
                "explore (reference glue, breadth-first to depth 4, faults on, \(ProcessInfo.processInfo.activeProcessorCount) cores): "
                    + "\(figures.executions) runs, \(figures.distinctStates) distinct states in \(format(figures.seconds)) s: "
                    + "\(Int(figures.executionsPerSecond)) runs/s, \(Int(figures.statesPerSecond)) distinct states/s"
            )
        }
        let (virtual, wall) = timeoutScenario()
        output.line("timeout scenario: \(virtual.harnessDescription) of virtual timeouts in \(format(wall * 1_000)) ms of wall time")
        output.line("peak memory: \(peakMemoryMegabytes()) MB")
        return 0
    }

    /// A first launch where the consent update and the form load never call back: the app waits
    /// 30 s for each before it goes on, conservatively. Returns the virtual time it held and the wall time.
    static func timeoutScenario() -> (Duration, Double) {
        let timeouts = CallbackTimeouts(consentInfoUpdate: .seconds(30), formLoad: .seconds(30))
        let clock = ContinuousClock()
        var virtual = Duration.zero
        let elapsed = clock.measure {
            guard let app = try? SimulatedApp(
                user: User(trackingPrompt: .deny, consentForm: .acceptAll),
                faults: [Fault(.consentInfoUpdate, .callback(.never), times: 1), Fault(.formLoad, .callback(.never), times: 1)],
                configuration: AdsConfiguration(timeouts: timeouts)
            ) else { return }
            try? app.launch()
            try? app.advance(by: .seconds(30))
            try? app.onboarding()
            try? app.advance(by: .seconds(30))
            virtual = app.clock.now
        }
        return (virtual, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Peak resident memory of this process, in megabytes.
    static func peakMemoryMegabytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1_024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / 1_048_576
        #endif
    }
}
