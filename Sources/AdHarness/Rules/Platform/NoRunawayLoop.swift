import StandInRuntime

extension RuleID {
    /// The app does not loop without end: no spin at one instant, no callbacks nested without end.
    public static let noRunawayLoop = RuleID(declaring: "noRunawayLoop")
}

extension RuleDescriptor {
    static let noRunawayLoop = RuleDescriptor(
        id: .noRunawayLoop,
        authority: .platform,
        on: [.runRunaway],
        rule: "the app does not loop without end (asking again and again at one instant, or from inside its own callbacks)",
        definition: """
            Broken by a `run.runaway`: the harness stopped the run because a budget ran out (`RunBudget`: more than \
            10,000 callbacks, timers or answers at one virtual instant, more than 1,000,000 in the run, or callbacks \
            delivered inside one another more than 64 deep). `repeating` names the calls that kept coming back. On a \
            device such a loop hangs the app until the system's watchdog ends it, or overflows its stack.
            """,
        source: """
            Apple, https://developer.apple.com/documentation/xcode/addressing-watchdog-terminations (an app that stops \
            responding is terminated by the watchdog); App Review Guideline 2.1, \
            https://developer.apple.com/app-store/review/guidelines/#app-completeness (apps that crash are rejected)
            """,
        breaks: { event, _ in event.name == .runRunaway }
    )
}
