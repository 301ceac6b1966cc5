import StandInRuntime

/// Why a step of a simulated run failed: the app broke a safety rule, or the run itself is wrong.
public enum HarnessFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The app broke a rule.
    case invariantViolated(Finding)
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
            "scenario issue: \(issue)\n  trace so far:\n" + TraceEvent.textLines(trace).joined(separator: "\n")
        case .invalidSetup(let problem): "invalid setup: \(problem)"
        case .appNotRunning(let step, let reason): "\(step): the app is not running (\(reason)); launch or relaunch it first"
        }
    }
}

/// Where a step was called, in a test or a scenario file: the file and line a failure points at.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// `MyAppTests/ConsentTests.swift`, as `#fileID` spells it, or the scenario file as reports name it
    /// (`broken.json`); empty for a step no line wrote (the explorer's own, or a scenario's once a
    /// test changed its steps).
    public var fileID: String
    /// The line of the call, or of the step in the scenario file.
    public var line: Int
    /// The test file's full path, as `#filePath` spells it, where a test called the step; empty for a
    /// scenario file's line: what a test framework needs to point its editor at the call.
    public var filePath: String { staticFilePath.map { "\($0)" } ?? "" }
    /// The column of the call, where a test called the step; 0 for a scenario file's line.
    public var column: Int
    /// The path as the compiler wrote it, which XCTest's failures take.
    package let staticFilePath: StaticString?

    /// A call site.
    package init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
        column = 0
        staticFilePath = nil
    }

    /// A call in a test: the full place, as `#fileID`, `#filePath`, `#line` and `#column` give it (an
    /// empty path for a scenario file's line, which has none). A path of another file than `fileID`
    /// names is dropped, with the column: a helper of a team's that passes on only its caller's
    /// `fileID:` and `line:` leaves its own path and column in the step's defaults.
    package init(fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.fileID = fileID
        self.line = line
        let path = "\(filePath)"
        let samePlace = !path.isEmpty && path.split(separator: "/").last == fileID.split(separator: "/").last
        self.column = samePlace ? column : 0
        staticFilePath = samePlace ? filePath : nil
    }

    /// Equal when file, line and column are (the path follows the file).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.fileID == rhs.fileID && lhs.line == rhs.line && lhs.column == rhs.column }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID)
        hasher.combine(line)
        hasher.combine(column)
    }

    /// Whether the site names a place: a line of a test, or of a scenario file.
    package var isKnown: Bool { !fileID.isEmpty }

    /// A step no line wrote: the explorer's and a random walk's, or one a test put in a decoded
    /// scenario's list.
    package static let unwritten = CallSite(fileID: "", line: 0)

    /// `MyAppTests/ConsentTests.swift:12`.
    public var description: String { "\(fileID):\(line)" }
}
