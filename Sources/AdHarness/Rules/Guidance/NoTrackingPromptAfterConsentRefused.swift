import MockAdNetwork
import StandInRuntime

extension Invariant {
    /// Once the user has refused every purpose in the consent form, the app does not go on to show
    /// the tracking prompt in the same flow.
    public static let noTrackingPromptAfterConsentRefused = Invariant(declaring: "noTrackingPromptAfterConsentRefused")
}

extension RuleDescriptor {
    static let noTrackingPromptAfterConsentRefused = RuleDescriptor(
        id: .noTrackingPromptAfterConsentRefused,
        authority: .guidance,
        on: [.trackingPrompt],
        rule: "once the user refused every purpose in the consent form, the app does not go on to show the tracking prompt in the same flow",
        definition: """
            Broken by a `tracking.prompt` (the OS shows the tracking prompt) during the same harness step in which the \
            consent SDK stored a GDPR choice that consents to no TCF purpose at all (`IABTCF_PurposeConsents` written with \
            no `1`: the user rejected everything in the consent or privacy-options form), with no choice consenting to one \
            since: the app's own flow went on from the refusal to the prompt. A prompt in a later step (the app asked on \
            its own, a `requestTracking` step; a later launch) is not judged: that is not the flow in which the user said \
            no. App Review rejects this order; no published guideline names it, so it warns.
            """,
        source: """
            Apple, App Review Guideline 5.1.1(iv) (https://developer.apple.com/app-store/review/guidelines/#data-collection-and-storage: \
            respect the user's permission settings); App Review rejections quoted in AppLovin/AppLovin-MAX-Unity-Plugin#325 \
            (https://github.com/AppLovin/AppLovin-MAX-Unity-Plugin/issues/325) and #422, AppLovin/AppLovin-MAX-SDK-iOS#281 and \
            birgernass/react-native-ad-consent#20 (https://github.com/birgernass/react-native-ad-consent/issues/20)
            """,
        state: false,
        learnsFrom: [.storeSet, .storeRemove, .step, .appLaunch, .appTerminate, .appCrash, .appReinstall, .runFinish],
        update: { refused, event, _ in refused = ConsentRefusal.refused(refused, after: event) },
        // Between steps, where the explorer compares states, the flag cannot matter any more: the next
        // step (or the run's end) clears it before any prompt of its own, so states differing only in
        // it are one state.
        comparedAt: { _, _ in false },
        breaks: { event, refused, _ in event.name == .trackingPrompt && refused }
    )
}

/// What ``Invariant/noTrackingPromptAfterConsentRefused`` keeps: whether the user refused every
/// purpose in the flow of the current harness step.
enum ConsentRefusal {
    /// Whether the user has refused every purpose in the current step's flow, after an event.
    static func refused(_ refused: Bool, after event: TraceEvent) -> Bool {
        switch event.name {
        case .storeSet where event[.storageKey] == TCFKey.purposeConsents:
            guard let bits = event[.storedValue] else { return false }
            return !bits.isEmpty && !bits.contains("1")
        case .storeRemove where event[.storageKey] == TCFKey.purposeConsents: return false
        // A new step is a new flow; a new process starts afresh.
        case .step, .appLaunch, .appTerminate, .appCrash, .appReinstall, .runFinish: return false
        default: return refused
        }
    }
}
