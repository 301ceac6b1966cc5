import AdHarness
import Exploration
import Foundation
import HarnessCommandLine
import MyAppConsent
import Scenarios
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A team's tool over glues that trap or hang: each run of the glue runs in a worker process of the
/// tool, so a crash or a hang is a finding with a counterexample, and the tool lives on.
@Suite("Runs in worker processes: a crash or a hang is a finding, never a dead or stuck tool")
struct IsolationTests {
    /// What one run of the team's tool printed, and how it ended.
    struct ToolRun {
        var code: Int32
        var diedBySignal: Bool
        var text: String
    }

    /// Runs the team's tool, built beside these tests, with `environment` added to this process's.
    static func tool(_ arguments: [String], environment: [String: String] = [:]) throws -> ToolRun {
        let tool: URL = try #require(HarnessCommandLine.builtExecutable(named: "my-adharness"), "swift build builds the team's tool")
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return ToolRun(code: process.terminationStatus, diedBySignal: process.terminationReason == .uncaughtSignal, text: text)
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a glue that traps when the consent form fails to load: explore finds the crash with its message and goes on; run replays it")
    func trapOnFormLoadError() throws {
        let out = try Self.folder()
        let explored = try Self.tool(
            [
                "explore", "--glue", "TrappingConsentManager", "--depth", "2", "--max-faults", "1", "--leave-out", "never,twice,otherThread,delay", "--out",
                out.path,
            ])

        #expect(explored.code == 1 && !explored.diedBySignal, "\(explored.text)")
        #expect(explored.text.contains("FOUND  invariant broken: noCrash: the app does not crash"), "\(explored.text)")
        #expect(explored.text.contains("app.crash  reason=trap step=onboarding"), "\(explored.text)")
        #expect(explored.text.contains("TrappingConsentManager.swift"), "\(explored.text)")
        #expect(explored.text.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"), "\(explored.text)")
        // The rest of the search goes on past the crash: the glue's other bug is found too.
        #expect(explored.text.contains("FOUND  invariant broken: privacyOptionsReachable"), "\(explored.text)")
        #expect(explored.text.contains("2 failures: privacyOptionsReachable, noCrash"), "\(explored.text)")
        #expect(explored.text.contains("worker processes lost to a crash or a hang"), "\(explored.text)")

        let fixture = out.appendingPathComponent("explore-noCrash.json").path
        let replayed = try Self.tool(["run", "--glue", "TrappingConsentManager", fixture])
        #expect(replayed.code == 1 && !replayed.diedBySignal, "\(replayed.text)")
        #expect(replayed.text.contains("invariant violated: the app does not crash"), "\(replayed.text)")
        #expect(replayed.text.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"), "\(replayed.text)")
        #expect(replayed.text.hasSuffix("0 passed, 1 failed\n"), "\(replayed.text)")
    }

    @Test("a team's test runs a scenario in a worker of its tool: the trap is the verdict's finding, and the test goes on")
    func scenarioInAWorkerFromATest() throws {
        let workers = try #require(WorkerProcesses.tool(named: "my-adharness", watchdog: .seconds(1)), "swift build builds the team's tool")
        let trapping = ScenarioFile(url: Self.fixtures.appendingPathComponent("form-load-error-traps.json"))
        let crashed = try trapping.run(glue: GlueFactory(TrappingConsentManager.init), in: workers)
        #expect(crashed.passed, "\(crashed.report)")  // the file expects the crash: violation noCrash, crash trap
        #expect(crashed.violations.map(\.rule) == [.noCrash])
        #expect(crashed.violations.first?.event[.detail]?.contains("TrappingConsentManager.swift:38") == true, "\(crashed.report)")

        let blocking = ScenarioFile(url: Self.fixtures.appendingPathComponent("launch-blocks-on-the-update.json"))
        let hung = try blocking.run(glue: GlueFactory(BlockingLaunchGlue.init), in: workers)
        #expect(hung.violations.map(\.rule) == [.noHang], "\(hung.report)")

        // A scenario the glue survives gives the verdict it gives in process.
        let passing = try #require(try ScenarioFile.bundled(for: .anyGlue).first)
        let inWorker = try passing.run(glue: GlueFactory(TrappingConsentManager.init), in: workers)
        let inProcess = try passing.run(glue: GlueFactory(TrappingConsentManager.init))
        #expect(inWorker.passed == inProcess.passed && inWorker.violations.map(\.rule) == inProcess.violations.map(\.rule))
        #expect(inWorker.warnings.map(\.rule) == inProcess.warnings.map(\.rule))
    }

    @Test("a glue the tool does not serve: the error says so and names the glues it has, not that the worker wrote nothing")
    func glueTheToolLacks() throws {
        let workers = try #require(WorkerProcesses.tool(named: "my-adharness", watchdog: .seconds(1)), "swift build builds the team's tool")
        let file = try #require(try ScenarioFile.bundled(for: .anyGlue).first)
        let error = #expect(throws: ScenarioError.self) {
            try file.run(glue: GlueFactory(name: "NotThisToolsGlue", TrappingConsentManager.init), in: workers)
        }
        let text = error.map { String(describing: $0) } ?? ""
        #expect(text.contains("this tool has no glue named NotThisToolsGlue (it has "), "\(text)")
        #expect(text.contains("TrappingConsentManager"), "\(text)")
    }

    @Test("a trap in process cannot be survived, but it says where it happened before the runtime's report: the glue, the step and the line")
    func trapInProcessSaysWhere() throws {
        let fixture = Self.fixtures.appendingPathComponent("form-load-error-traps.json").path
        let traced = try Self.tool(["trace", "--in-process", "--glue", "TrappingConsentManager", fixture])
        // The process ends with the trap (by its signal, or with 128 and its number once the runtime's report returned).
        #expect(traced.diedBySignal ? traced.code == SIGILL : traced.code == 128 + SIGILL, "\(traced.code) \(traced.text)")
        #expect(traced.text.contains("adharness: TrappingConsentManager trapped in step onboarding, called at "), "\(traced.text)")
        #expect(traced.text.contains("form-load-error-traps.json:7, in this process"), "\(traced.text)")
        // The runtime's own report follows: the trap's message names the glue's line.
        #expect(traced.text.contains("TrappingConsentManager.swift:38: Fatal error: Unexpectedly found nil"), "\(traced.text)")
    }

    @Test("a glue that blocks in a step run in process: the watchdog says where, and ends the process instead of leaving it stuck")
    func hangInProcessSaysWhere() throws {
        let fixture = Self.fixtures.appendingPathComponent("launch-blocks-on-the-update.json").path
        // The in-process watchdog's bound is the one wall clock this test waits on: short, and set here.
        let traced = try Self.tool(["trace", "--in-process", "--glue", "BlockingLaunchGlue", fixture], environment: ["ADHARNESS_WATCHDOG": "0.5"])
        #expect(traced.code != 0, "\(traced.code) \(traced.diedBySignal) \(traced.text)")
        #expect(
            traced.text.contains("adharness: BlockingLaunchGlue has not returned from step launch, called at "),
            "\(traced.code) \(traced.diedBySignal) \(traced.text)")
        #expect(
            traced.text.contains("launch-blocks-on-the-update.json:5, and shown no progress for 0.500s of wall-clock time: it blocks (noHang)"),
            "\(traced.text)")
    }

    @Test("a step that works on virtual time for longer than the in-process watchdog (a banner refreshed for 20 days) is no hang, as in a worker")
    func longStepInProcessIsNoHang() throws {
        let fixture = Self.fixtures.appendingPathComponent("banner-refreshed-for-20-days.json").path
        // The 20 days' refreshes take seconds of wall-clock time, each recording events: progress.
        let inProcess = try Self.tool(["run", "--in-process", "--glue", "BannerRefreshGlue", fixture], environment: ["ADHARNESS_WATCHDOG": "0.5"])
        #expect(inProcess.code == 0 && !inProcess.diedBySignal, "\(inProcess.code) \(inProcess.text)")
        #expect(!inProcess.text.contains("has not returned"), "\(inProcess.text)")
        let inWorker = try Self.tool(["run", "--glue", "BannerRefreshGlue", "--watchdog", "0.5", fixture])
        #expect(inWorker.code == 0, "\(inWorker.code) \(inWorker.text)")
    }

    @Test("a glue that ends its own process with status 0: a finding in a worker; in process the process ends with 1, saying where")
    func exitSaysWhere() throws {
        let fixture = Self.fixtures.appendingPathComponent("launch-exits.json").path
        let inWorker = try Self.tool(["run", "--glue", "ExitingLaunchGlue", fixture])
        #expect(inWorker.code == 0 && inWorker.text.contains("1 passed, 0 failed"), "\(inWorker.text)")
        let inProcess = try Self.tool(["run", "--in-process", "--glue", "ExitingLaunchGlue", fixture])
        #expect(inProcess.code == 1 && !inProcess.diedBySignal, "\(inProcess.code) \(inProcess.text)")
        #expect(inProcess.text.contains("adharness: ExitingLaunchGlue ended the process (exit) in step launch, called at "), "\(inProcess.text)")
        #expect(inProcess.text.contains("launch-exits.json:5: a run cannot go on past it"), "\(inProcess.text)")
    }

    #if os(Linux)
        @Test("workers whose supervisor is killed (a CI job's timeout) end too, even one a glue keeps blocked")
        func workersEndWithTheirSupervisor() throws {
            // Each worker that runs the glue writes a byte to the FIFO and keeps it open while it lives.
            let fifo = try Self.folder().appendingPathComponent("workers").path
            try #require(mkfifo(fifo, 0o600) == 0)
            let tool = try #require(HarnessCommandLine.builtExecutable(named: "my-adharness"), "swift build builds the team's tool")
            let process = Process()
            process.executableURL = tool
            // The supervisor's own bound is long: only its end can end the blocked workers here.
            process.arguments = ["explore", "--glue", "LaunchSignalsThenBlocksGlue", "--depth", "1", "--max-faults", "0", "--watchdog", "120"]
            process.environment = ProcessInfo.processInfo.environment.merging(["ADHARNESS_TEST_FIFO": fifo]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Reading waits for a worker's byte: a worker runs the glue. Bounded, so that a tool that
            // runs no worker fails the test rather than leaving it waiting.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            try #require(reader >= 0)
            defer { close(reader) }
            var started = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            try #require(poll(&started, 1, 30_000) > 0 && read(reader, &byte, 1) == 1, "no worker ran the glue")
            // SIGKILL, as a CI job's timeout ends at: a process a test starts may inherit SIGTERM blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // The end of the file comes once no worker holds the FIFO: each ended with its supervisor.
            // A worker that lives on is a failure after 10 s rather than a test that never ends.
            var ended = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            var rest = [UInt8](repeating: 0, count: 16)
            var gone = false
            while poll(&ended, 1, 10_000) > 0 {
                if read(reader, &rest, rest.count) <= 0 {
                    gone = true
                    break
                }
            }
            #expect(gone, "a worker still runs after its supervisor ended")
        }
    #endif

    @Test("a glue that blocks at launch on the consent update's completion: explore finds the hang; run replays it")
    func hangAtLaunch() throws {
        let out = try Self.folder()
        // The supervisor's bound is the one wall clock a test waits on: short, and set here.
        let explored = try Self.tool(["explore", "--glue", "BlockingLaunchGlue", "--depth", "1", "--max-faults", "0", "--watchdog", "0.5", "--out", out.path])

        #expect(explored.code == 1 && !explored.diedBySignal, "\(explored.text)")
        #expect(explored.text.contains("FOUND  invariant broken: noHang"), "\(explored.text)")
        #expect(explored.text.contains("app.crash  reason=watchdog step=launch detail=no progress for 0.500s"), "\(explored.text)")
        // The other steps from the starting point (Settings changes before the first launch) are explored.
        #expect(explored.text.contains("breadth-first to depth 1: "), "\(explored.text)")
        #expect(!explored.text.contains(", 1 distinct states"), "\(explored.text)")

        let fixture = out.appendingPathComponent("explore-noHang.json").path
        let replayed = try Self.tool(["run", "--glue", "BlockingLaunchGlue", "--watchdog", "0.5", fixture])
        #expect(replayed.code == 1 && !replayed.diedBySignal, "\(replayed.text)")
        #expect(replayed.text.contains("reason=watchdog step=launch"), "\(replayed.text)")
    }

    @Test("a glue that blocks at launch in every file: run ends each file with the hang, and waits the watchdog out once per place, not once per file")
    func oneWatchdogPerHang() throws {
        let folder = try Self.folder()
        // Ten files that all launch first: each hangs at the same step and place.
        for index in 0..<10 {
            let scenario = #"{"name": "launch \#(index)", "device": {"osVersion": "\#(17 + index % 2).0"}, "steps": ["launch"], "expect": {}}"#
            try Data(scenario.utf8).write(to: folder.appendingPathComponent("launch-\(index).json"))
        }
        let ran = try Self.tool(["run", "--glue", "BlockingLaunchGlue", "--watchdog", "1", folder.path])

        #expect(ran.code == 1 && !ran.diedBySignal, "\(ran.text)")
        #expect(ran.text.hasSuffix("0 passed, 10 failed\n"), "\(ran.text)")
        // Every file's finding reads the same, whichever file hung first.
        let endings = ran.text.split(separator: "\n").compactMap { line in line.range(of: "app.crash  reason=watchdog").map { line[$0.lowerBound...] } }
        #expect(endings.count >= 10 && Set(endings).count == 1, "\(Set(endings))")
        #expect(
            endings.first?.hasSuffix("app.crash  reason=watchdog step=launch detail=no progress for 1.000s of wall-clock time: the step never returned") == true
        )
        // At most one hang per worker running at once is waited out (the first at the place); the
        // rest end after a short grace.
        #expect(ran.text.contains("10 worker processes lost to a crash or a hang; "), "\(ran.text)")
        let waited = ran.text.components(separatedBy: "lost to a crash or a hang; ").last?.prefix { $0.isNumber }
        #expect(waited.flatMap { Int($0) }.map { $0 >= 1 && $0 <= ProcessInfo.processInfo.activeProcessorCount } == true, "\(ran.text)")
    }

    @Test(
        "a completion the SDK delivers twice: one verdict in every door for a glue that awaits it in a continuation of its own; a warning for one that traps on it"
    )
    func duplicateCompletionInAWorker() throws {
        let file = try Self.folder().appendingPathComponent("twice.json")
        let scenario =
            #"{"name": "update called back twice", "faults": [{"target": "consentInfoUpdate", "callback": "twice"}], "steps": ["launch"], "expect": {}}"#
        try Data(scenario.utf8).write(to: file)

        // The glue's own continuation gets the first completion only, in a worker as in process.
        let duplicate = "callback.duplicate  callback=consent.update completion delivered=false detail=the app's own continuation resumes once"
        let isolated = try Self.tool(["trace", "--glue", "ResumingTwiceConsentManager", "--fail-on", "warning", file.path])
        #expect(isolated.code == 0 && isolated.text.contains(duplicate), "\(isolated.text)")
        let inProcess = try Self.tool(["trace", "--in-process", "--glue", "ResumingTwiceConsentManager", "--fail-on", "warning", file.path])
        #expect(inProcess.code == 0 && inProcess.text.contains(duplicate), "\(inProcess.text)")

        // Code that is not awaiting the call gets the duplicate: a glue that asserts the completion
        // comes once traps, in a worker a warning, and run and trace agree.
        let asserted = try Self.tool(["run", "--glue", "AssertsOneCompletionGlue", "--fail-on", "warning", file.path])
        #expect(asserted.code == 1 && !asserted.diedBySignal, "\(asserted.text)")
        #expect(asserted.text.contains("warning: noCrashOnDuplicateCallback (guidance)"), "\(asserted.text)")
        #expect(asserted.text.hasSuffix("0 passed, 1 failed; 1 warning: noCrashOnDuplicateCallback\n"), "\(asserted.text)")
        let traced = try Self.tool(["trace", "--glue", "AssertsOneCompletionGlue", "--fail-on", "warning", file.path])
        #expect(traced.code == 1 && !traced.diedBySignal, "\(traced.text)")
        #expect(traced.text.contains("app.crash  reason=trap step=launch"), "\(traced.text)")
    }

    /// The fixtures that pin each glue's crash or hang (`expect.crash: trap` or `watchdog`), beside the glues.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Glues/Fragile/Fixtures")

    @Test(
        "a fixture may expect the crash or the hang its glue has: it passes in a worker",
        arguments: [
            ("form-load-error-traps.json", "TrappingConsentManager"), ("launch-blocks-on-the-update.json", "BlockingLaunchGlue"),
            ("update-completion-asserted-once.json", "AssertsOneCompletionGlue"),
            // No fault fires in the play-out: a completion that comes after the run comes once.
            ("update-answered-after-the-run.json", "AssertsOneCompletionGlue"),
        ])
    func fixturesExpectTheirCrash(_ file: String, _ glue: String) throws {
        let run = try Self.tool(["run", "--glue", glue, "--watchdog", "0.5", "--fail-on", "warning", Self.fixtures.appendingPathComponent(file).path])
        #expect(run.code == 0 && !run.diedBySignal, "\(run.text)")
        #expect(run.text.hasPrefix("PASS"), "\(run.text)")
    }
}
