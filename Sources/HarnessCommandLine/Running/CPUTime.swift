import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processor time this process and the child processes it waited for have used, user and
/// system, for `adharness bench` to say how many cores a search kept busy.
struct CPUTime {
    /// This process's seconds.
    var own: Double
    /// The seconds of the child processes it waited for (ended workers).
    var children: Double

    /// The time used so far.
    static var now: CPUTime {
        CPUTime(own: seconds(of: Self.ownProcess), children: seconds(of: Self.childProcesses))
    }

    /// What was used between `earlier` and this.
    func since(_ earlier: CPUTime) -> CPUTime {
        CPUTime(own: own - earlier.own, children: children - earlier.children)
    }

    /// Both together.
    var total: Double { own + children }

    #if os(Linux)
        private static let ownProcess = RUSAGE_SELF.rawValue
        private static let childProcesses = RUSAGE_CHILDREN.rawValue
    #else
        private static let ownProcess = RUSAGE_SELF
        private static let childProcesses = RUSAGE_CHILDREN
    #endif

    private static func seconds(of who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
