import AdHarness
import AdRequestKit
import Foundation
import HarnessCommandLine
import StandInRuntime
import Testing

@testable import Exploration
@testable import Scenarios

/// Runs in worker processes give what the same runs give in process, to the event: the verdicts, the
/// states, the findings. What only a worker can show (a death) is judged by the crash rules alone.
@Suite("Runs in worker processes")
struct WorkerProcessTests {
    /// Workers of the built `adharness`, which serves the reference glue.
    static let workers = WorkerPool.Settings(executable: CommandLineTests.builtTool)

    @Test("every bundled scenario run in a worker gives the verdict it gives in process: trace, failure, findings, mismatches")
    func bundledScenariosGiveTheSameVerdict() throws {
        let pool = try WorkerPool.forScenarios(Self.workers, glue: nil)
        defer { pool.shutDown() }
        let files = try ScenarioFile.bundled(for: .referenceGlue)
        #expect(files.count > 100)
        for file in files {
            let here = ScenarioResult.run(file)
            let there = pool.result(of: file, glue: nil, rules: nil, failOn: .failure)
            guard case .ran(let expected) = here.outcome, case .ran(let verdict) = there.outcome else {
                Issue.record("\(file) did not run both ways")
                continue
            }
            #expect(verdict.trace == expected.trace, "\(file)")
            #expect(verdict.failure == expected.failure, "\(file)")
            #expect(verdict.violations == expected.violations && verdict.warnings == expected.warnings, "\(file)")
            #expect(verdict.mismatches == expected.mismatches && verdict.rules == expected.rules, "\(file)")
            #expect(verdict.expectedWarnings == expected.expectedWarnings && verdict.name == expected.name, "\(file)")
        }
        #expect(pool.lost == 0)
    }

    @Test(
        "the explorer in workers makes the runs, keeps the worlds standing, reaches the states and writes the counterexamples it makes in process",
        arguments: [true, false])
    func explorerInWorkersIsTheSameSearch(keepsStandingRuns: Bool) throws {
        var explorer = try Explorer(
            startingPoint: #"{"app": {"mistakes": ["dropsNonPersonalizedExtra"]}}"#, bounds: ExplorationBounds(depth: 3, maxFaults: 1))
        explorer.keepsStandingRuns = keepsStandingRuns
        let here = explorer.breadthFirst()
        explorer.workers = Self.workers
        let there = explorer.breadthFirst()
        #expect(there.statistics.executions == here.statistics.executions)
        #expect(there.statistics.stepsWithoutReplay == here.statistics.stepsWithoutReplay)
        #expect((there.statistics.stepsWithoutReplay > 0) == keepsStandingRuns)
        #expect(there.statistics.distinctStates == here.statistics.distinctStates)
        #expect(there.statistics.workersLost == 0 && there.problem == nil)
        #expect(!here.passed)
        #expect(there.findings.map(\.fixture) == here.findings.map(\.fixture))
        #expect(there.findings.map(\.finding) == here.findings.map(\.finding))
    }

    @Test("random walks in workers are the walks made in process: the same steps, states and counterexamples")
    func walksInWorkers() throws {
        var explorer = try Explorer(
            startingPoint: #"{"app": {"mistakes": ["dropsNonPersonalizedExtra"]}}"#, bounds: ExplorationBounds(depth: 6, maxFaults: 1))
        let here = explorer.randomWalks(40, seed: 7)
        explorer.workers = Self.workers
        let there = explorer.randomWalks(40, seed: 7)
        #expect(there.statistics.executions == here.statistics.executions)
        #expect(there.statistics.distinctStates == here.statistics.distinctStates)
        #expect(there.statistics.depthReached == here.statistics.depthReached)
        #expect(there.findings.map(\.fixture) == here.findings.map(\.fixture))
    }

    @Test("a tool that cannot start its workers is an error (exit 2), not a search that finds nothing")
    func workersThatDoNotStart() {
        let printed = Locked("")
        let output = Output(output: { text in printed.withLock { $0 += text } }, errors: { text in printed.withLock { $0 += text } })
        let code = HarnessCommandLine.run(["explore", "--depth", "1"], output: output, workers: URL(fileURLWithPath: "/nonexistent/adharness"))
        #expect(code == 2)
        #expect(printed.snapshot.contains("cannot start a worker process (/nonexistent/adharness)"), "\(printed.snapshot)")
        let run = HarnessCommandLine.run(["run"], output: output, workers: URL(fileURLWithPath: "/nonexistent/adharness"))
        #expect(run == 2)
    }

    @Test("--watchdog takes seconds, and bounds workers only: with --in-process it is refused", arguments: ["run", "explore"])
    func watchdogOption(_ command: String) {
        let printed = Locked("")
        let output = Output(output: { text in printed.withLock { $0 += text } }, errors: { text in printed.withLock { $0 += text } })
        #expect(HarnessCommandLine.run([command, "--in-process", "--watchdog", "2"], output: output) == 2)
        #expect(printed.snapshot.hasPrefix("adharness: --watchdog bounds the runs of worker processes; with --in-process there are none"))
        printed.withLock { $0 = "" }
        for wrong in ["soon", "0.0001"] {
            printed.withLock { $0 = "" }
            #expect(HarnessCommandLine.run([command, "--watchdog", wrong], output: output) == 2)
            #expect(printed.snapshot.hasPrefix("adharness: --watchdog takes a number of seconds, at least 0.1 and at most 3600"), "\(printed.snapshot)")
        }
    }

    @Test("an event crosses as a line of text, whatever its values hold")
    func eventLinesRoundTrip() throws {
        let event = TraceEvent(
            time: .milliseconds(1_500) + .nanoseconds(7), name: .appCrash,
            fields: [EventField("detail", "a\tb\nc\\d=e\r"), EventField("empty", ""), EventField("step", "launch")])
        let line = CompactLine.line(event)
        #expect(!line.contains("\n"))
        guard case .event(let read)? = try CompactLine.message(line[...]) else {
            Issue.record("\(line) read back as no event")
            return
        }
        #expect(read == event)
        #expect(throws: WireError.self) { try CompactLine.message("E\t1\t0\tno.such.event"[...]) }
    }

    @Test("a dead worker's message is the trap's line Swift printed, else its last line")
    func trapLines() {
        let printed = """
            some log line of the glue
            MyAppConsent/TrappingConsentManager.swift:38: Fatal error: Unexpectedly found nil while unwrapping an Optional value
            """
        #expect(
            WorkerConnection.trapLine(in: printed)
                == "MyAppConsent/TrappingConsentManager.swift:38: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(WorkerConnection.trapLine(in: "first\nlast words\n\n") == "last words")
        #expect(WorkerConnection.trapLine(in: "") == nil)
    }

    @Test("a release build's trap has no message of its own: the runtime's backtrace names the frame that trapped, its file and line")
    func trapPlaceFromABacktrace() {
        // What a release build of the tests' team tool printed, its backtrace asked for as a worker asks for it.
        let printed = """

            *** Signal 4: Backtracing from 0x55bb6445e90e... done ***

            *** Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value ***

            Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

            Thread 1 crashed:

              0 [inlined] [system]      0x000055bb6445e90e Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value in my-adharness at //<compiler-generated>
              1                         0x000055bb6445e90e closure #2 in closure #1 in TrappingConsentManager.runOnboarding() + 446 in my-adharness at /work/main/Tests/ForeignGlueTests/Glues/Fragile/TrappingConsentManager.swift:38:25
              2 [ra]                    0x000055bb644ab63c closure #1 in SimulatedConsentForms.loadForm(completion:) + 491 in my-adharness at /work/main/Sources/MockAdNetwork/SimulatedConsentForms.swift
            ...

            Backtrace took 0.44s
            """
        let place =
            "TrappingConsentManager.swift:38:25 in closure #2 in closure #1 in TrappingConsentManager.runOnboarding(): Unexpectedly found nil while unwrapping an Optional value"
        #expect(WorkerConnection.trapLine(in: printed) == place)
        #expect(WorkerConnection.namesAPlace(place))
        // A debug build's own message names the place already, and wins over the backtrace.
        #expect(
            WorkerConnection.trapLine(in: "MyAppConsent/TrappingConsentManager.swift:38: Fatal error: Unexpectedly found nil\n" + printed)
                == "MyAppConsent/TrappingConsentManager.swift:38: Fatal error: Unexpectedly found nil")
        // A backtrace with no frame that has a line names none.
        #expect(WorkerConnection.backtracePlace(in: ["Thread 0 crashed:", "0 0x01 f() + 1 in tool at //<compiler-generated>"]) == nil)
    }

    @Test("a death is judged by the crash rules: a trap fails noCrash, a trap on a duplicate completion warns, a hang fails noHang")
    func deathsAndTheirRules() {
        let findings = { (death: ProcessDeath, rules: RuleSet) in
            ProcessDeath.findings(ending: death.trace(after: []), rules: rules).map { "\($0.rule) \($0.severity)" }
        }
        #expect(findings(ProcessDeath(reason: .trap, message: "Fatal error"), .standard) == ["noCrash failure"])
        let onDuplicate = ProcessDeath(reason: .trap, message: "misuse", duplicateCallback: "consent.update completion")
        #expect(findings(onDuplicate, .standard) == ["noCrashOnDuplicateCallback warning"])
        #expect(findings(ProcessDeath(reason: .watchdog, message: "no progress"), .standard) == ["noHang failure"])
        #expect(findings(ProcessDeath(reason: .trap, message: "Fatal error"), .standard.setting(.noCrash, to: .off)) == [])
    }

    @Test("a scenario whose worker died is judged on the crash alone: the crash it expects passes; what the run's end would show is a mismatch")
    func verdictOfADeath() throws {
        let death = ProcessDeath(reason: .trap, message: "Fatal error: boom", step: "launch")
        let expectsTrap = try Scenario.decode(json: #"{"name": "t", "steps": ["launch"], "expect": {"violation": "noCrash", "crash": "trap"}}"#)
        let passed = expectsTrap.verdict(dying: death, events: [], glue: nil, rules: .standard)
        #expect(passed.passed, "\(passed.report)")
        #expect(passed.trace.last?[.crashReason] == .trap)

        let expectsMore = try Scenario.decode(json: #"{"name": "t", "steps": ["launch"], "expect": {"crash": "none", "trackingPrompts": 1}}"#)
        let failed = expectsMore.verdict(dying: death, events: [], glue: nil, rules: .standard)
        #expect(failed.failure.map { "\($0)" }?.contains("the app does not crash") == true)
        #expect(failed.mismatches.map(\.expectation) == ["expect.crash", "expect.trackingPrompts"])
        #expect(failed.mismatches.last?.actual == "the app's process died (trap) in step launch")
    }
}
