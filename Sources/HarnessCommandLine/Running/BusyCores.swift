import Foundation

/// How many cores a piece of work kept busy: the processor time it used (this process's and its
/// workers', once they have ended) over its wall time. A search that leaves a core idle, waiting on
/// a worker or on the slowest thread of a level, shows it here; a search that keeps every core busy
/// is made faster only by runs that cost less.
struct BusyCores {
    /// The processor time used.
    var time: CPUTime
    /// The wall time taken, in seconds.
    var seconds: Double

    /// Runs `work`, and how many cores it kept busy.
    static func measure<Result>(_ work: () -> Result) -> (Result, BusyCores) {
        let clock = ContinuousClock()
        let before = CPUTime.now
        let started = clock.now
        let result = work()
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (result, BusyCores(time: CPUTime.now.since(before), seconds: seconds))
    }

    /// The cores busy on average, this process's and its workers' together.
    var cores: Double { time.total / max(seconds, 0.001) }

    /// The cores this process (a supervisor, when the runs ran in workers) kept busy.
    var supervisorCores: Double { time.own / max(seconds, 0.001) }

    /// `1.96 of 2 cores busy (43.1 s of processor time)`.
    var description: String {
        "\(String(format: "%.2f", cores)) of \(ProcessInfo.processInfo.activeProcessorCount) cores busy "
            + "(\(String(format: "%.1f", time.total)) s of processor time)"
    }
}
