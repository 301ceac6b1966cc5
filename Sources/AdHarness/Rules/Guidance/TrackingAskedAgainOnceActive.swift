import HarnessSupport

extension Invariant {
    /// A tracking request the OS ignored because the app was inactive is asked again once it is active.
    public static let trackingAskedAgainOnceActive = Invariant(declaring: "trackingAskedAgainOnceActive")
}

extension RuleDescriptor {
    static let trackingAskedAgainOnceActive = RuleDescriptor(
        id: .trackingAskedAgainOnceActive,
        authority: .guidance,
        on: [.appBackground, .appTerminate, .runFinish],
        rule: "a tracking request the OS ignored because the app was inactive is asked again once the app is active",
        definition: """
            A `tracking.answer` with `prompted=false` and reason `appNotActive` or `anotherPromptOnScreen` opens a debt; \
            the next `tracking.request` pays it, and a `settings.change` or a `tracking.answer` that leaves the status \
            decided, or answers a prompt the user saw (`prompted=true`, even dismissed), cancels it (the user was asked, \
            or nothing is left to ask). Broken if the app became active after the debt opened and then leaves the \
            foreground, its process ends, or the run finishes, with the debt unpaid: the user was never asked in that session.
            """,
        source: """
            Apple, https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:) \
            (no prompt unless the app is active; call again); https://github.com/zoontek/react-native-permissions/pull/751
            """,
        breaks: { event, facts in
            guard facts.trackingUnasked && facts.activeSinceUnasked else { return false }
            return [.appBackground, .appTerminate, .runFinish].contains(event.name)
        }
    )
}
