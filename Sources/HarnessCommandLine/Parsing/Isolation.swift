import Foundation
import ScenarioRunner

/// How `explore`, `run` and `trace` run a glue's runs: in worker processes of the tool, or in its own process.
struct Isolation: Sendable {
    /// `--in-process`: everything in the tool's own process.
    var inProcess = false
    /// `--watchdog SECONDS`: how long a worker may go without progress.
    var watchdog = WorkerPool.defaultWatchdog
    /// Whether `--watchdog` was given.
    var watchdogGiven = false

    /// Why the options contradict each other, if they do: a watchdog bounds workers only.
    var problem: String? {
        inProcess && watchdogGiven ? "--watchdog bounds the runs of worker processes; with --in-process there are none" : nil
    }

    /// The workers to run in: the tool's worker executable, unless `--in-process` or it has none
    /// (a test calling ``HarnessCommandLine/run(_:glues:toolName:output:workers:)`` without one).
    func workers(_ output: Output) -> WorkerPool.Settings? {
        guard !inProcess, let executable = output.workers else { return nil }
        return WorkerPool.Settings(executable: executable, watchdog: watchdog)
    }
}

extension CommandOption {
    /// `--in-process` and `--watchdog SECONDS`, for a command whose settings hold an ``Isolation``.
    static func isolation(_ path: WritableKeyPath<Settings, Isolation> & Sendable) -> [CommandOption] {
        [
            flag("--in-process") { $0[keyPath: path].inProcess = true },
            value("--watchdog") { settings, text in
                // Under a tenth of a second a busy machine's pause looks like a hang.
                guard let seconds = text.flatMap(Double.init), seconds >= 0.1, seconds <= 3_600 else {
                    return "--watchdog takes a number of seconds, at least 0.1 and at most 3600, such as 10 or 0.5"
                }
                settings[keyPath: path].watchdog = .milliseconds(Int64((seconds * 1_000).rounded()))
                settings[keyPath: path].watchdogGiven = true
                return nil
            },
        ]
    }

    /// The help's paragraph on running in worker processes, the same for every command that does.
    static var isolationHelp: String {
        """
        The glue's runs run in worker processes of this tool, under a supervisor: a glue that traps (a
        force unwrap of nil, fatalError) ends only its worker, and is a finding (noCrash, with the trap's
        message and the step it died in); a worker that shows no progress for --watchdog SECONDS (default
        10: a wall clock read only to end a step that does not return) is ended, and is a
        finding (noHang). There a completion the fault `callback: twice` delivers twice reaches a
        continuation the glue wrapped itself (noCrashOnDuplicateCallback, a warning); the ports' own
        async forms take the first and drop the second everywhere. --in-process runs everything in this
        process instead: faster, but a trap ends the tool and a glue that blocks blocks it, and a
        duplicate completion is not delivered to the glue's own continuations (the trace says so).
        """
    }
}
