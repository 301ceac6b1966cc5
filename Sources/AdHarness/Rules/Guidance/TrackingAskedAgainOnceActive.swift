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
            or nothing is left to ask). Broken if the app became active after the debt opened and then, later in virtual \
            time, leaves the foreground or its process ends, with the debt unpaid: the user was never asked in that \
            active stretch. A stretch that ends at the instant it began (the user left as the app came up) gave the app \
            no time to ask: an app may ask a moment after it becomes active, and the debt waits for its next stretch. \
            Also broken by the run's end with the debt unpaid after the app became active and no work left waiting \
            (`run.finish` without `pending`): work still waiting may be the app's own request, a moment away.
            """,
        source: """
            Apple, https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:) \
            (no prompt unless the app is active; call again; no delay is named); https://github.com/zoontek/react-native-permissions/pull/751
            """,
        breaks: { event, facts in
            guard facts.trackingUnasked && facts.activeSinceUnasked else { return false }
            switch event.name {
            case .appBackground, .appTerminate: return event.time > facts.unaskedActiveSince
            case .runFinish: return event[.pendingWork] == nil
            default: return false
            }
        }
    )
}
