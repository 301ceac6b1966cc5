import StandInRuntime

extension RuleID {
    /// The app does not stop responding: no step blocks it for good.
    public static let noHang = RuleID(declaring: "noHang")
}

extension RuleDescriptor {
    static let noHang = RuleDescriptor(
        id: .noHang,
        authority: .platform,
        on: [.appCrash],
        rule: "the app does not stop responding (a step that never returns: blocked on a semaphore, a lock or a wait that only it could end)",
        definition: """
            Broken by an `app.crash` with reason `watchdog`, recorded by the supervisor when the worker process \
            running the app made no progress for the watchdog's bound (`--watchdog`, 10 s of wall-clock time by \
            default: the one wall clock the harness reads, and only the supervisor reads it) and was ended; `step` \
            names the step that never returned. A glue that waits on the main thread for a completion the SDK delivers \
            on the main thread (a semaphore in `didFinishLaunching` around the consent update) hangs so. On a \
            device the system's watchdog ends an app that does not answer, as a crash.
            """,
        source: """
            Apple, https://developer.apple.com/documentation/xcode/addressing-watchdog-terminations (an app that stops \
            responding is terminated by the watchdog); App Review Guideline 2.1, \
            https://developer.apple.com/app-store/review/guidelines/#app-completeness (apps that crash are rejected)
            """,
        breaks: { event, _ in event.name == .appCrash && event[.crashReason] == .watchdog }
    )
}
