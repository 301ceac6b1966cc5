import HarnessSupport

/// Why a step of a simulated run failed: the app broke a safety rule, or the run itself is wrong.
public enum HarnessFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The app broke an invariant.
    case invariantViolated(InvariantViolation)
    /// The scenario is incomplete or impossible (a prompt shown with no scripted answer, a Settings
    /// change that cannot be made), with the trace so far.
    case scenarioIssue(String, trace: [TraceEvent])
    /// The run cannot be set up as given (a fault that cannot apply to its target).
    case invalidSetup(String)
    /// A step needs the app running, but it is not (never launched, or it crashed).
    case appNotRunning(step: String, reason: String)

    /// What went wrong, with the trace where it helps.
    public var description: String {
        switch self {
        case .invariantViolated(let violation): violation.description
        case .scenarioIssue(let issue, let trace):
            "scenario issue: \(issue)\n  trace so far:\n" + trace.map { "    \($0)" }.joined(separator: "\n")
        case .invalidSetup(let problem): "invalid setup: \(problem)"
        case .appNotRunning(let step, let reason): "\(step): the app is not running (\(reason)); launch or relaunch it first"
        }
    }
}
