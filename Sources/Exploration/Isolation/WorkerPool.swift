import AdHarness
import AdRequestKit
import Foundation
import StandInRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Worker processes of one executable, each hosting the same glue, and their supervisor's side: it
/// hands each a run at a time, and a worker that dies or stops making progress costs only itself.
/// The run it had is a finding; the next run gets a fresh worker.
///
/// The workers are spawned (`Process`, never a `fork()` of this threaded process) as they are
/// needed, up to one per thread asking at once, and ended by ``shutDown()``.
package final class WorkerPool: Sendable {
    /// What a worker is, and how long it may go without progress.
    package struct Settings: Hashable, Sendable {
        /// The executable that serves workers: a tool made by `HarnessCommandLine.main(glues:)`.
        package var executable: URL
        /// Its arguments for serving a worker.
        package var arguments: [String]
        /// How long a worker may send nothing before it is ended and its run is a hang: the one
        /// wall clock the harness reads, and only here.
        package var watchdog: Duration
        /// Whether a worker that traps prints the runtime's backtrace of the crashed thread, which
        /// names the trap's file and line in a release build too (about half a second a crash, so
        /// only a run that must name its trap asks for it).
        package var backtraces = false

        /// Workers of `executable`, ended after `watchdog` without progress.
        package init(executable: URL, arguments: [String] = [WorkerServer.command], watchdog: Duration = WorkerPool.defaultWatchdog) {
            self.executable = executable
            self.arguments = arguments
            self.watchdog = watchdog
        }
    }

    /// Ten seconds: a run takes microseconds to milliseconds of the glue's time, so a step that gives
    /// no sign of progress for this long does not return (the system's watchdog gives an app's launch
    /// about twenty).
    package static let defaultWatchdog = Duration.seconds(10)

    package let settings: Settings
    let setup: WorkerSetup
    /// The rules of a team's the workers' findings may name, read back against this set.
    let knownRules: RuleSet
    /// A path's request and reply, as text.
    let lines: PathLines
    private let idle = Locked<[WorkerConnection]>([])
    private let tally = Locked(Tally())
    /// The states a breadth-first search has seen, in the order it saw them, for workers that expand
    /// its nodes: each is sent what it has not been sent yet, so that it reports only children that
    /// may be new.
    private let seenLog = Locked<[Int]>([])
    /// Where a worker hung before, with how its ending read: a run that falls silent at the same
    /// place is not waited for again, and its ending reads the same, whichever run came first.
    private let hangs = Locked<[HangPlace: String]>([:])

    /// Where a fixture's run stood when its worker fell silent: how many steps it had begun, the
    /// last one, and the last event it recorded (without its virtual time, which differs from run to
    /// run).
    struct HangPlace: Hashable {
        var steps = 0
        var step: String?
        var event: String?

        /// Follows a run's events.
        mutating func follow(_ event: TraceEvent) {
            if event.name == .step {
                steps += 1
                step = event[.step]?.rawValue
            }
            self.event = ([event.name.rawValue] + event.fields.map(\.description)).joined(separator: " ")
        }
    }

    /// How long a run that falls silent where a worker hung before is given: long enough for any
    /// run that only passes through that place (a run takes microseconds to milliseconds), far
    /// shorter than the watchdog, which a hang then costs once.
    static func graceAtAKnownHang(watchdog: Duration) -> Duration {
        min(watchdog, max(watchdog / 20, .milliseconds(250)))
    }

    /// What the pool's workers did.
    struct Tally {
        /// Workers ended by a crash or a hang of the glue.
        var lost = 0
        /// Hangs that were waited out for the whole watchdog (the first at each place).
        var hangsWaitedOut = 0
        /// Requests no worker could take, with why (a worker that did not start).
        var problems: [String] = []
    }

    init(settings: Settings, setup: WorkerSetup, knowing known: RuleSet = .standard) {
        knownRules = known
        lines = PathLines(knowing: known)
        // A worker that died leaves its input closed: writing to it must be an error, not a signal
        // that ends this process.
        signal(SIGPIPE, SIG_IGN)
        self.settings = settings
        self.setup = setup
    }

    /// Starts a worker now: a tool that cannot serve workers is an error before any run.
    func start() throws {
        let worker = try WorkerConnection(settings: settings, setup: setup, knowing: knownRules)
        idle.withLock { $0.append(worker) }
    }

    /// Workers lost to a crash or a hang so far.
    package var lost: Int { tally.withLock { $0.lost } }

    /// What the workers lost cost, in a line: how many, and how many hangs waited the watchdog out
    /// (a run that fell silent where one hung before is ended after a short grace instead).
    package var lossSummary: String {
        let (lost, waited) = tally.withLock { ($0.lost, $0.hangsWaitedOut) }
        let workers = lost == 1 ? "1 worker process" : "\(lost) worker processes"
        return "\(workers) lost to a crash or a hang; \(waited) waited out the \(settings.watchdog.harnessDescription) watchdog"
    }

    /// The first request no worker could take, if any.
    var problem: String? { tally.withLock { $0.problems.first } }

    /// How a request went.
    enum Delivery {
        /// The worker answered: the handler saw the result. The worker is the caller's until it
        /// releases it (a world may stand in it).
        case answered(WorkerLease)
        /// The worker died or hung on it.
        case ended(WorkerConnection.Ending)
        /// No worker could take it, or it could not be read.
        case failed(String)
    }

    /// Sends a request to an idle worker (a new one if none is idle) and hands each message it sends
    /// back to `handle`, until `handle` says the result has come or the worker ends.
    /// Sends a request to `held` (a worker a world stands in) or to an idle worker (a new one if
    /// none is idle), and hands each message it sends back to `handle`, until `handle` says the
    /// result has come or the worker ends.
    ///
    /// With `withSeenStates`, the worker is first sent the states the search has seen that it has
    /// not been sent yet (``announce(seen:)``).
    ///
    /// With `remembersHangs` (a fixture's run, whose every event the worker sends), a run that falls
    /// silent where one hung before is ended after a short grace (``HangPlace``).
    func run(
        _ request: String, on held: WorkerLease? = nil, withSeenStates: Bool = false, remembersHangs: Bool = false, _ handle: (WorkerMessage) -> Bool
    ) -> Delivery {
        run(request, held: held?.connection, fresh: false, withSeenStates: withSeenStates, remembersHangs: remembersHangs, handle)
    }

    /// Records states a breadth-first search has seen, for the workers that expand its nodes.
    func announce(seen keys: [Int]) {
        seenLog.withLock { $0 += keys }
    }

    private func run(
        _ request: String, held: WorkerConnection?, fresh: Bool, withSeenStates: Bool, remembersHangs: Bool, _ handle: (WorkerMessage) -> Bool
    ) -> Delivery {
        let worker: WorkerConnection
        if let held {
            worker = held
        } else if !fresh, let waiting = idle.withLock({ $0.popLast() }) {
            worker = waiting
        } else {
            do { worker = try WorkerConnection(settings: settings, setup: setup, knowing: knownRules) } catch {
                return failed("\(error)")
            }
        }
        let unsent = withSeenStates ? seenLog.withLock { Array($0[min(worker.seenStatesSent, $0.count)...]) } : []
        // `S`, then the keys: a line the worker takes in and answers nothing to.
        let seen = unsent.isEmpty ? "" : "S\t" + unsent.map(String.init).joined(separator: ",") + "\n"
        guard worker.send(seen + request) else {
            // It died between requests: a fresh one takes the request, unless a world stood in it.
            worker.end()
            if held != nil { return failed("the worker a world stood in was gone") }
            return fresh
                ? failed("a worker that had just started took no request")
                : run(request, held: nil, fresh: true, withSeenStates: withSeenStates, remembersHangs: remembersHangs, handle)
        }
        worker.seenStatesSent += unsent.count
        // Where a fixture's run stands, from the events it sends.
        var place = HangPlace()
        var seenEvents = false
        while true {
            let knownHang = seenEvents ? hangs.withLock { $0[place] } : nil
            let bound = knownHang != nil ? Self.graceAtAKnownHang(watchdog: settings.watchdog) : settings.watchdog
            switch worker.next(within: bound) {
            case .message(let message):
                if case .line(let line) = message, let problem = line.problem {
                    worker.end()
                    return failed(problem)
                }
                if remembersHangs, case .event(let event) = message {
                    place.follow(event)
                    seenEvents = true
                }
                if handle(message) { return .answered(WorkerLease(worker, of: self)) }
            case .ended(let ending):
                tally.withLock { $0.lost += 1 }
                if case .died(.watchdog, _) = ending, seenEvents {
                    if let knownHang { return .ended(.died(.watchdog, message: knownHang)) }
                    hangs.withLock { $0[place] = ending.message }
                }
                if case .died(.watchdog, _) = ending {
                    tally.withLock { $0.hangsWaitedOut += 1 }
                }
                return .ended(ending)
            }
        }
    }

    /// Where the run of `request` traps, from the runtime's backtrace: the request is run again in a
    /// worker of its own that prints one. A release build's trap has no message of its own (a force
    /// unwrap of `nil` is a bare trap instruction), and the backtrace names the frame that trapped,
    /// its file and line. `nil` when that run does not trap, or names no place.
    func placeOfTrap(_ request: String) -> String? {
        var diagnostic = settings
        diagnostic.backtraces = true
        guard let worker = try? WorkerConnection(settings: diagnostic, setup: setup, knowing: knownRules) else { return nil }
        defer { worker.end() }
        guard worker.send(request) else { return nil }
        while true {
            switch worker.next(within: settings.watchdog) {
            case .message(.line(let line)) where line.verdict != nil || line.problem != nil: return nil
            case .message: continue
            case .ended(.died(.trap, let message)): return WorkerConnection.namesAPlace(message) ? message : nil
            case .ended: return nil
            }
        }
    }

    /// Takes a worker back: it waits for the next request.
    fileprivate func release(_ worker: WorkerConnection) {
        idle.withLock { $0.append(worker) }
    }

    /// Records a problem of the pool's (a reply it could not read), for the search's report.
    func noteProblem(_ problem: String) {
        tally.withLock { $0.problems.append(problem) }
    }

    private func failed(_ problem: String) -> Delivery {
        noteProblem(problem)
        return .failed(problem)
    }

    /// Ends every idle worker.
    package func shutDown() {
        let workers = idle.withLock { workers in
            let all = workers
            workers = []
            return all
        }
        for worker in workers { worker.end() }
    }
}

/// A worker lent out by its pool: a request's answer came from it, and it goes back to the pool
/// when released, or stays lent while a world stands in it.
final class WorkerLease: @unchecked Sendable {
    let connection: WorkerConnection
    private let pool: WorkerPool
    private var released = false

    fileprivate init(_ connection: WorkerConnection, of pool: WorkerPool) {
        self.connection = connection
        self.pool = pool
    }

    /// Gives the worker back to its pool (once).
    func release() {
        guard !released else { return }
        released = true
        pool.release(connection)
    }
}
