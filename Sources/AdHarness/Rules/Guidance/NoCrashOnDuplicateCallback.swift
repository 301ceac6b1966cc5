import StandInRuntime

extension RuleID {
    /// The app survives an SDK completion delivered twice.
    public static let noCrashOnDuplicateCallback = RuleID(declaring: "noCrashOnDuplicateCallback")
}

extension TraceField where Value == String {
    /// The callback whose second delivery the app was handling when it trapped (`app.crash reason=trap`).
    @inlinable public static var duplicateCallback: Self { Self("duplicateCallback") }
}

extension RuleDescriptor {
    static let noCrashOnDuplicateCallback = RuleDescriptor(
        id: .noCrashOnDuplicateCallback,
        authority: .guidance,
        on: [.appCrash],
        rule: "the app does not crash when an SDK delivers a completion twice (it ignores the second)",
        definition: """
            Broken by an `app.crash` with reason `trap` and a `duplicateCallback`: the worker process running the app \
            died in a step where a fault (`callback: twice`) delivered a completion a second time to the app's callback \
            code, as a completion handler that asserts it runs once does. A warning, not a \
            failure: no public source shows the SDKs calling a completion twice, but the guard costs one flag, and the \
            crash it prevents is a rejection. Seen only in worker processes (in process the trap ends the test process, \
            naming the step). A call made from the app's async code gets the first completion only, in every process: the \
            ports' own async forms resume once, as the SDK's async form does, and so does a checked continuation of the \
            app's own around the call (`callback.duplicate delivered=false`), whose second resume would trap only in a \
            worker, so the verdict would depend on where the run ran.
            """,
        source: """
            Swift, CheckedContinuation, https://developer.apple.com/documentation/swift/checkedcontinuation (resuming \
            twice is a misuse the checked form traps on); SE-0300, \
            https://github.com/swiftlang/swift-evolution/blob/main/proposals/0300-continuation.md; Apple, App Review \
            Guideline 2.1, https://developer.apple.com/app-store/review/guidelines/#app-completeness
            """,
        breaks: { event, _ in event.name == .appCrash && event[.crashReason] == .trap && event[.duplicateCallback] != nil }
    )
}
