/// Whether a completion-form call comes from the app's async code, where its completion may resume
/// a continuation of the app's own, and whether one of the ports' guarded async forms makes it.
enum AwaitedCall {
    private static let guarded = ThreadLocal()
    private static let inAsyncCode = ThreadLocal()

    /// True while the calling thread runs a job of the app's tasks, one of the ports' async forms, or
    /// work that came of a call either made (its completion, a timer or a user's answer it set off): a
    /// completion delivered here resumes a continuation, the app's own or the form's.
    static var resumesAContinuation: Bool { inAsyncCode.isSet || guarded.isSet }

    /// True while one of the ports' async forms makes its call: the completion goes to the form's own
    /// continuation, which takes the first delivery and ignores any other, so a duplicate never
    /// reaches the app's code.
    static var resumesAPortForm: Bool { guarded.isSet }

    /// The work, run as the app's async code's.
    static func markedAsAsyncCode(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        { fromAsyncCode(true, work) }
    }

    /// Runs work; calls made in it count as the app's async code's when `asyncCaller` is set.
    static func fromAsyncCode(_ asyncCaller: Bool, _ body: () -> Void) {
        inAsyncCode.with(flag: asyncCaller, body)
    }

    /// The work, run as part of one of the ports' async forms: a completion it delivers (a scripted
    /// user's answer to the form the call presented) goes to the form's own continuation.
    static func markedAsPortForm(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        { guarding(work) }
    }

    /// Runs a port's guarded async form: its completion goes to a continuation that survives a second delivery.
    static func guarding<Result>(_ body: () -> Result) -> Result {
        guarded.with(flag: true, body)
    }

    /// Runs work as a new thread would, outside any guarded async form of the caller's.
    static func unguarded(_ body: () -> Void) {
        guarded.with(flag: false, body)
    }
}
