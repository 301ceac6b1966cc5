import MockTrackingManager
import StandInRuntime

extension RuleID {
    /// The ad SDK does not start before the tracking status is decided (the seed app's order).
    public static let adSDKStartsAfterTrackingDecision = RuleID(declaring: "adSDKStartsAfterTrackingDecision")
}

extension RuleDescriptor {
    static let adSDKStartsAfterTrackingDecision = RuleDescriptor(
        id: .adSDKStartsAfterTrackingDecision,
        authority: .policy,
        on: [.adsStart],
        rule: "the ad SDK is not started before the tracking status is decided",
        definition: """
            Broken by an `ads.start` while the OS tracking status is `notDetermined`, unless the tracking prompt was \
            shown and dismissed unanswered earlier in this install, or the consent SDK's stored choice consents to no \
            TCF purpose (`refusedEveryPurpose`: an app that respects the refusal never asks for tracking, \
            `noTrackingPromptAfterConsentRefused`, and its ads are non-personalized whatever the answer). The seed app's \
            order (so the SDK never caches a zero identifier); Google's own samples start the SDK once consent allows, \
            before any tracking answer.
            """,
        source: "the house policy (catalogue R7: start the ad SDK after the tracking answer, so it does not cache a zero identifier)",
        // The tracking prompt was shown and dismissed unanswered in this install.
        state: false,
        learnsFrom: [.trackingAnswer, .appReinstall],
        update: { promptDismissedThisInstall, event, _ in
            if event.name == .appReinstall {
                promptDismissedThisInstall = false
            } else if event[.trackingAnswerReason] != .earlyAnswer, event[.trackingPromptOutcome]?.leavesStatusUndecided == true {
                // OS 17.4's early `denied` reaches the app while the prompt stays up (catalogue T13): no dismissal.
                promptDismissedThisInstall = true
            }
        },
        breaks: { event, promptDismissedThisInstall, _ in
            event.name == .adsStart && event[.tracking] == .notDetermined && !promptDismissedThisInstall
                && event[.refusedEveryPurpose] != true
        }
    )
}
