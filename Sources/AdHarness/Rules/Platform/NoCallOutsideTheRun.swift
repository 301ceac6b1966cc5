import StandInRuntime

extension RuleID {
    /// The app calls the ports only from code the harness runs in the run's order: no dispatch
    /// queue or thread of its own, no main-queue block between steps.
    public static let noCallOutsideTheRun = RuleID(declaring: "noCallOutsideTheRun")
}

extension RuleDescriptor {
    static let noCallOutsideTheRun = RuleDescriptor(
        id: .noCallOutsideTheRun,
        authority: .platform,
        on: [.runOutsideCall],
        rule: "the app calls the OS and the SDKs only from code the harness runs in order (its callbacks, its tasks, the main actor, the main queue)",
        definition: """
            Broken by a `run.outsideCall`: a stand-in heard the app (`call` names what it recorded) on a thread the harness \
            does not drive: a dispatch queue or thread of the glue's own (`thread=appThread`), or a main-queue block that \
            ran while the harness ordered none of the run's (`thread=mainQueue`: a `DispatchQueue.main.asyncAfter` that \
            came due between steps, a block a main-actor test let run at an `await`). The glue's \
            `DispatchQueue.main.async` blocks the harness runs in order, \
            after the step that set them off. That other work runs on the wall clock, beside the run: it can come \
            in a later step, in the next process or after the run, differently from run to run and door to door, so no \
            verdict on the run can be trusted. Write the hop as `DispatchQueue.main.async`, main-actor code \
            (`Task { @MainActor in ... }`, `await MainActor.run { ... }`) or async/await, which the harness runs in \
            order; keep a glue's state behind a lock rather than on a queue of its own.
            """,
        source: """
            The harness's determinism: the same scenario gives the same trace every run (HostingAGlue, "An async glue, as \
            written"); on a device, `DispatchQueue.main.async` from the main thread runs at the run loop's next turn, \
            https://developer.apple.com/documentation/dispatch/dispatchqueue/main
            """,
        breaks: { event, _ in event.name == .runOutsideCall }
    )
}
