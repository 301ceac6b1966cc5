import AdHarness
import Foundation
import HarnessSupport
import Scenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A worker process's side: a process of the team's tool, started by its supervisor with
/// ``command``, that runs what it is sent, one request at a time, and answers on its own output.
///
/// It delivers a duplicate completion (the `twice` fault) to async code too, as the real SDK would:
/// a continuation resumed twice traps here, and only here.
package enum WorkerServer {
    /// The hidden command that makes a tool a worker; absent from its help.
    package static let command = "__worker"

    /// Reads the setup and then requests from standard input, a JSON line each, until it ends, and
    /// answers on standard output; what the glue prints goes to standard error. Returns the exit code.
    package static func serve(glues: [GlueFactory]) -> Int32 {
        let replies = ReplyChannel(descriptor: dup(STDOUT_FILENO))
        dup2(STDERR_FILENO, STDOUT_FILENO)
        CallbackDelivery.duplicatesReachAsyncCode.withLock { $0 = true }
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
            do { start = try Scenario.decode(Data(text.utf8), file: "starting point", isStartingPoint: true) } catch {
                replies.send(WorkerLine(problem: "the starting point does not decode here: \(error)"))
                return 2
            }
        }
        SimulatedApp.runTraces.withLock { observer in
            observer = { trace in trace.observeFromStart { event, _ in replies.forward(event) } }
        }
        replies.send(WorkerLine(ready: true))
        while let line = readLine() {
            guard let request = try? decoder.decode(WorkerRequest.self, from: Data(line.utf8)) else {
                replies.send(WorkerLine(problem: "a worker cannot read this request: \(line.prefix(200))"))
                continue
            }
            replies.send(answer(request, glue: glue, start: start, setup: setup, replies: replies))
        }
        return 0
    }

    /// Runs one request; its answer.
    private static func answer(_ request: WorkerRequest, glue: GlueFactory?, start: Scenario?, setup: WorkerSetup, replies: ReplyChannel) -> WorkerLine {
        if let path = request.path {
            guard let start else { return WorkerLine(problem: "a path needs a starting point in the setup") }
            replies.sendsEveryEvent(false)
            let run = PathRun(start: start, glue: glue ?? start.referenceGlue, goesOnPastFailures: setup.goesOnPastFailures)
            let (outcome, concrete, taken, _) = run.runHere(
                path.steps, then: path.next?.value, decisions: path.decisions.value, on: nil, announce: { replies.send(WorkerLine(next: $0)) },
                stays: { _, _ in false })
            return WorkerLine(path: PathReply(outcome: WireOutcome(outcome), concrete: concrete, taken: taken))
        }
        if let walk = request.walk {
            guard let start else { return WorkerLine(problem: "a walk needs a starting point in the setup") }
            replies.sendsEveryEvent(false)
            let run = PathRun(start: start, glue: glue ?? start.referenceGlue, goesOnPastFailures: setup.goesOnPastFailures)
            let result = RandomWalks.walk(
                run, decisions: walk.decisions.value, random: SplitMix64(seed: walk.random), steps: walk.steps.map(\.value), depth: walk.depth
            ) { replies.send(WorkerLine(next: $0)) }
            return WorkerLine(walk: WalkReply(steps: result.steps, states: result.states, findings: WireFindings(result.violations)))
        }
        if let fixture = request.fixture {
            replies.sendsEveryEvent(true)
            let rules: RuleSet?
            do { rules = try fixture.rules.map { try RuleSet(parsing: $0) } } catch { return WorkerLine(problem: "\(error)") }
            let verdict: ScenarioVerdict
            do {
                if let file = fixture.file {
                    verdict = try ScenarioFile(url: URL(fileURLWithPath: file), displayPath: fixture.displayPath).run(glue: glue, rules: rules)
                } else {
                    verdict = try Scenario.decode(json: fixture.text ?? "", name: fixture.name ?? "inline scenario").run(glue: glue, rules: rules)
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
    private let descriptor: Int32
    private let state = Locked(State())

    private struct State {
        let encoder = JSONEncoder()
        /// Whether every event of a run is sent (a fixture), or only its steps and duplicate deliveries.
        var everyEvent = false
        /// Events recorded and not sent since the last line.
        var unsent = 0
    }

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Sends every event of the next runs, or only what says where a run is.
    func sendsEveryEvent(_ every: Bool) { state.withLock { $0.everyEvent = every } }

    /// Sends an event the supervisor needs to know where a run died, or a beat now and then for the
    /// rest, so that a run that records events is seen to make progress.
    func forward(_ event: TraceEvent) {
        state.withLock { state in
            if state.everyEvent || event.name == .step || event.name == .callbackDuplicate || event.name == .runFinish {
                state.unsent = 0
                write(WorkerLine(event: WireEvent(event)), with: state.encoder)
            } else {
                state.unsent += 1
                guard state.unsent >= 1_000 else { return }
                state.unsent = 0
                write(WorkerLine(beat: true), with: state.encoder)
            }
        }
    }

    /// Sends a line.
    func send(_ line: WorkerLine) {
        state.withLock { write(line, with: $0.encoder) }
    }

    private func write(_ line: WorkerLine, with encoder: JSONEncoder) {
        guard var data = try? encoder.encode(line) else { return }
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
