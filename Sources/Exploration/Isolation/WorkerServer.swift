import AdHarness
import AdRequestKit
import Foundation
import Scenarios
import StandInRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A worker process's side: a process of the team's tool, started by its supervisor with
/// ``command``, that runs what it is sent, one request at a time, and answers on its own output.
package enum WorkerServer {
    /// The hidden command that makes a tool a worker; absent from its help.
    package static let command = "__worker"

    /// The environment variable that gives a worker its supervisor's process identifier.
    package static let supervisorVariable = "ADHARNESS_SUPERVISOR_PID"

    /// Ends this worker once its supervisor is gone (killed, say, by a CI job's timeout): a glue that
    /// spins or blocks never reads the end of its input, and would be left running. A thread watches
    /// the parent process, which becomes another once the supervisor is gone, and the supervisor the
    /// environment names, should the worker have been started through a wrapper script, or the
    /// supervisor have gone before the worker started watching.
    private static func endsWithItsSupervisor() {
        let parent = getppid()
        let supervisor = ProcessInfo.processInfo.environment[supervisorVariable].flatMap { pid_t($0) }
        Thread.detachNewThread {
            while getppid() == parent && supervisor.map({ kill($0, 0) == 0 || errno != ESRCH }) != false {
                Thread.sleep(forTimeInterval: 0.5)
            }
            _exit(3)
        }
    }

    /// Reads the setup and then requests from standard input, a JSON line each, until it ends, and
    /// answers on standard output; what the glue prints goes to standard error. Returns the exit code.
    /// The rules of a team's the tool knows are `known`'s: its setup's and requests' names are read against them.
    package static func serve(glues: [GlueFactory], knowing known: RuleSet = .standard) -> Int32 {
        let replies = ReplyChannel(descriptor: dup(STDOUT_FILENO))
        dup2(STDERR_FILENO, STDOUT_FILENO)
        // The supervisor names a trap from standard error itself.
        TrapNotice.disable()
        endsWithItsSupervisor()
        let decoder = JSONDecoder()
        guard let first = readLine(), let setup = try? decoder.decode(WorkerSetup.self, from: Data(first.utf8)) else {
            replies.send(WorkerLine(problem: "a worker expects its setup as its first line"))
            return 2
        }
        let glue = setup.glue.flatMap { name in glues.first { $0.name == name } }
        if let name = setup.glue, glue == nil {
            replies.send(WorkerLine(problem: "this tool has no glue named \(name) (it has \(glues.map(\.name).joined(separator: ", ")))"))
            return 2
        }
        var start: Scenario?
        if let text = setup.start {
            do { start = try Scenario.decode(Data(text.utf8), file: "starting point", isStartingPoint: true, knowing: known) } catch {
                replies.send(WorkerLine(problem: "the starting point does not decode here: \(error)"))
                return 2
            }
        }
        replies.send(WorkerLine(ready: true))
        let lines = PathLines()
        // A world a path's step left in its state, for the next step from that state.
        var standing: StandingRun?
        // The states the search has seen, as its supervisor sent them: a child in one of them is not reported.
        var seen = Set<Int>()
        while let line = readLine() {
            if line.hasPrefix("S\t") {
                for key in line.dropFirst(2).split(separator: ",") { if let key = Int(key) { seen.insert(key) } }
                continue
            }
            if line.hasPrefix("N\t") {
                standing?.abandon()
                standing = nil
                expansion(line[...], glue: glue, start: start, setup: setup, seen: seen, lines: lines, replies: replies)
                continue
            }
            if line.hasPrefix("P\t") {
                standing = path(line[...], on: standing, lines: lines, glue: glue, start: start, setup: setup, replies: replies)
                continue
            }
            standing?.abandon()
            standing = nil
            guard let request = try? decoder.decode(WorkerRequest.self, from: Data(line.utf8)) else {
                replies.send(WorkerLine(problem: "a worker cannot read this request: \(line.prefix(200))"))
                continue
            }
            replies.send(answer(request, glue: glue, start: start, setup: setup, knowing: known, replies: replies))
        }
        return 0
    }

    /// The runs this worker makes from the search's starting point, as its setup says, each streaming
    /// its events to the supervisor.
    private static func pathRun(from start: Scenario, glue: GlueFactory?, setup: WorkerSetup, replies: ReplyChannel) -> PathRun {
        var run = PathRun(start: start, glue: glue ?? start.referenceGlue, maxFaults: setup.maxFaults, goesOnPastFailures: setup.goesOnPastFailures)
        run.observer = replies.streamsRun
        return run
    }

    /// Runs a path of the search (on `standing` when the request says so), and sends its reply line
    /// (or the problem); returns the world the run left standing.
    private static func path(
        _ line: Substring, on standing: StandingRun?, lines: PathLines, glue: GlueFactory?, start: Scenario?, setup: WorkerSetup, replies: ReplyChannel
    ) -> StandingRun? {
        let path: (steps: [Step], next: ExplorationStep?, decisions: Decisions, stayKey: Int?, onStanding: Bool)
        do { path = try lines.readRequest(line) } catch {
            replies.send(WorkerLine(problem: "\(error)"))
            return nil
        }
        if !path.onStanding { standing?.abandon() }
        guard let start, !path.onStanding || standing != nil else {
            replies.send(WorkerLine(problem: start == nil ? "a path needs a starting point in the setup" : "no world stands in this worker"))
            return nil
        }
        replies.begin(everyEvent: false)
        let run = pathRun(from: start, glue: glue, setup: setup, replies: replies)
        // The supervisor knows the last step unless it is a `wait`, which becomes an `advance` here.
        let waits = path.next == .wait
        let announce: (Step) -> Void = { step in
            replies.mark()
            if waits { replies.send(WorkerLine(next: step)) }
        }
        let result = run.runHere(
            path.steps, then: path.next, decisions: path.decisions, on: path.onStanding ? standing : nil, stayKey: path.stayKey, announce: announce,
            finishing: replies.sendFinishing)
        replies.send(line: lines.reply(result.outcome, concrete: result.lastStep, stayed: result.standing != nil))
        return result.standing
    }

    /// Expands a node of the search here, every run of the batch in this process, and answers with
    /// the children the supervisor may not have seen: not those in a state it has sent as seen, nor
    /// a second child in one state (the supervisor keeps the first).
    private static func expansion(
        _ line: Substring, glue: GlueFactory?, start: Scenario?, setup: WorkerSetup, seen: Set<Int>, lines: PathLines, replies: ReplyChannel
    ) {
        guard let start, let search = setup.search else {
            return replies.send(WorkerLine(problem: "a node's expansion needs a starting point and a search in the setup"))
        }
        let parent: BreadthFirstSearch.Node
        do { parent = try lines.readExpandRequest(line) } catch { return replies.send(WorkerLine(problem: "\(error)")) }
        replies.begin(everyEvent: false)
        let run = pathRun(from: start, glue: glue, setup: setup, replies: replies)
        let here = BreadthFirstSearch(
            run: run, bounds: search.bounds.value, keepsStandingRuns: search.keepsStandingRuns, checksPaths: search.checksPaths, batches: false)
        var expansion = here.expand(parent)
        var inThisBatch = Set<Int>()
        expansion.children.removeAll { _, key in seen.contains(key) || !inThisBatch.insert(key).inserted }
        replies.send(line: lines.expansionReply(expansion, parent: parent))
    }

    /// Runs one request; its answer.
    private static func answer(
        _ request: WorkerRequest, glue: GlueFactory?, start: Scenario?, setup: WorkerSetup, knowing known: RuleSet, replies: ReplyChannel
    ) -> WorkerLine {
        if let walk = request.walk {
            guard let start else { return WorkerLine(problem: "a walk needs a starting point in the setup") }
            replies.begin(everyEvent: false)
            replies.mark()
            let run = pathRun(from: start, glue: glue, setup: setup, replies: replies)
            let result = RandomWalks.walk(
                run, decisions: walk.decisions.value, random: SplitMix64(seed: walk.random), steps: walk.steps.map(\.value), depth: walk.depth,
                announce: { replies.send(WorkerLine(next: $0)) }, finishing: replies.sendFinishing)
            return WorkerLine(walk: WalkReply(steps: result.steps, states: result.states, findings: WireFindings(result.violations)))
        }
        if let fixture = request.fixture {
            replies.begin(everyEvent: true)
            let rules: RuleSet?
            do { rules = try fixture.rules.map { try RuleSet(parsing: $0, knowing: known) } } catch { return WorkerLine(problem: "\(error)") }
            let verdict: ScenarioVerdict
            do {
                if let file = fixture.file, let text = fixture.text {
                    // The file as the supervisor read it: a pipe is read once, and a file changed since is not another run.
                    let url = URL(fileURLWithPath: file)
                    verdict = try Scenario.decode(
                        Data(text.utf8), file: fixture.displayPath ?? file, folder: url.deletingLastPathComponent(), knowing: known
                    ).run(glue: glue, rules: rules, observing: replies.streamsRun)
                } else if let file = fixture.file {
                    verdict = try ScenarioFile(url: URL(fileURLWithPath: file), displayPath: fixture.displayPath).run(
                        glue: glue, rules: rules, knowing: known, observing: replies.streamsRun)
                } else {
                    verdict = try Scenario.decode(Data((fixture.text ?? "").utf8), file: fixture.name ?? "inline scenario", knowing: known)
                        .withoutStepLines().run(glue: glue, rules: rules, observing: replies.streamsRun)
                }
            } catch {
                return WorkerLine(problem: "\(error)")
            }
            return WorkerLine(verdict: WireVerdict(verdict))
        }
        return WorkerLine(problem: "a worker was sent an empty request")
    }
}

/// A worker's answers: JSON lines on the descriptor that was its standard output, written whole.
final class ReplyChannel: Sendable {
    /// Streams a run's events to the supervisor from its first (the run's observer, ``PathRun/observer``):
    /// a run whose process dies leaves its trace behind.
    var streamsRun: @Sendable (Trace) -> Void {
        { [self] trace in trace.observeFromStart { event, _ in self.forward(event) } }
    }

    private let descriptor: Int32
    private let state = Locked(State())

    private struct State {
        let encoder = JSONEncoder()
        /// Whether every event of the run is sent (a fixture), or only the duplicate deliveries
        /// once the step the supervisor cannot see has begun (``mark()``).
        var everyEvent = false
        var marked = false
        /// Events recorded and not sent since the last line.
        var unsent = 0
    }

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// A request begins: its run's events are all sent, or only the duplicate deliveries after ``mark()``.
    func begin(everyEvent: Bool) {
        state.withLock { state in
            state.everyEvent = everyEvent
            state.marked = false
        }
    }

    /// The step a run may die in begins (a path's last, a walk's every one): a duplicate delivery
    /// from now on is sent, to name the callback the app was handling if it dies.
    func mark() { state.withLock { $0.marked = true } }

    /// Sends an event the supervisor needs, or a beat now and then for the rest, so that a run that
    /// records events is seen to make progress.
    func forward(_ event: TraceEvent) {
        state.withLock { state in
            if state.everyEvent || (state.marked && event.name == .callbackDuplicate) {
                state.unsent = 0
                write(CompactLine.line(event))
            } else {
                state.unsent += 1
                guard state.unsent >= 1_000 else { return }
                state.unsent = 0
                write(CompactLine.beat)
            }
        }
    }

    /// Says the run's end begins.
    @Sendable func sendFinishing() {
        state.withLock { _ in write(CompactLine.finishing) }
    }

    /// Sends a line.
    func send(_ line: WorkerLine) {
        state.withLock { state in
            guard let data = try? state.encoder.encode(line) else { return }
            write(data)
        }
    }

    /// Sends a line of text (one with no newline).
    func send(line: String) {
        state.withLock { _ in write(line) }
    }

    private func write(_ text: String) { write(Data(text.utf8)) }

    private func write(_ line: Data) {
        var data = line
        data.append(UInt8(ascii: "\n"))
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0 && errno == EINTR { continue }
                // The supervisor is gone: the worker has no one to answer, and ends when its input does.
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
