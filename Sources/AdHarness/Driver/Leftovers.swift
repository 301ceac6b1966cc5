import StandInRuntime

/// What a run left unfinished: work still waiting on the clock and faults that never fired.
///
/// Like swift-nio's `EmbeddedChannel.finish()`: a test can prove that every scripted answer was
/// used, no callback is still on its way, and no timer of the app's is still waiting. A test that
/// passes with work still pending may pass only because it stopped before that work ran.
///
/// ```swift
/// let app = try SimulatedApp(
///     glue: MyGlue.init,
///     user: User(trackingPrompt: .allow, consentForm: .acceptAll),
///     faults: [Fault.formLoad(.error(.timeout), times: 1)]
/// )
/// try app.launch()
/// try app.onboarding()
/// let leftovers = try app.finish()
/// #expect(leftovers.unfiredFaults.isEmpty)                 // the form load did fail, as the test meant
/// #expect(leftovers.inTheWorld.isClean, "\(leftovers)")    // no callback or prompt still on its way
/// ```
public struct Leftovers: Hashable, Sendable, CustomStringConvertible {
    /// Work still waiting: callbacks on their way or withheld, prompts nobody answers, the app's timers.
    public var pendingWork: [PendingWork]
    /// Faults limited by `times` that fired fewer times than allowed.
    public var unfiredFaults: [Fault]
    /// The async glue's tasks still suspended, named by the entry point that started them
    /// (`runOnboarding`): each waits for a callback, a timer or the user that has not come.
    public var suspendedTasks: [String]

    /// A report of what a run left behind; empty by default, which is what ``Leftovers/isClean`` asks for.
    public init(pendingWork: [PendingWork] = [], unfiredFaults: [Fault] = [], suspendedTasks: [String] = []) {
        self.pendingWork = pendingWork
        self.unfiredFaults = unfiredFaults
        self.suspendedTasks = suspendedTasks
    }

    /// Whether nothing is left.
    public var isClean: Bool { pendingWork.isEmpty && unfiredFaults.isEmpty && suspendedTasks.isEmpty }

    /// What the world left: the same without the glue's own timers, which are the glue's business.
    public var inTheWorld: Leftovers {
        Leftovers(pendingWork: pendingWork.filter { $0.kind != .appTimer }, unfiredFaults: unfiredFaults)
    }

    /// `nothing left`, or one line per leftover.
    public var description: String {
        guard !isClean else { return "nothing left" }
        let work = pendingWork.map { "pending: \($0)" }
        let faults = unfiredFaults.map { "fault never fired: \($0)" }
        let tasks = suspendedTasks.map { "task still suspended: \($0)" }
        return (work + faults + tasks).joined(separator: "\n")
    }
}
