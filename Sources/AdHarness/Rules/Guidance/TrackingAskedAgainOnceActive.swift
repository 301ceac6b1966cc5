import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

extension RuleID {
    /// A tracking request the OS ignored because the app was inactive is asked again once it is active.
    public static let trackingAskedAgainOnceActive = RuleID(declaring: "trackingAskedAgainOnceActive")
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
            or nothing is left to ask). While the consent SDK's stored choice consents to no TCF purpose \
            (`IABTCF_PurposeConsents` with no `1`, stored by a form, by sync or by an earlier session), no debt opens, and \
            storing such a choice cancels one: the app is not to ask on its own after such a refusal \
            (`noTrackingPromptAfterConsentRefused`), so it may let an ignored request go. Broken if the app became active after the debt opened and then, later in virtual \
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
        state: UnaskedTracking(),
        learnsFrom: [
            .deviceReady, .trackingRequest, .trackingAnswer, .settingsChange, .storeSet, .storeRemove, .appReinstall, .appActive, .appBackground, .appLaunch,
            .appTerminate, .appCrash, .runFinish,
        ],
        update: { unasked, event, facts in unasked.update(with: event, tracking: facts.tracking) },
        comparedAt: { unasked, now in unasked.projection(at: now) },
        breaks: { event, unasked, _ in
            guard unasked.trackingUnasked && unasked.activeSinceUnasked else { return false }
            switch event.name {
            case .appBackground, .appTerminate: return event.time > unasked.unaskedActiveSince
            case .runFinish: return event[.pendingWork] == nil
            default: return false
            }
        }
    )
}

/// What ``RuleID/trackingAskedAgainOnceActive`` keeps: a tracking request the OS ignored while
/// the app was inactive, and the app's active stretch since.
struct UnaskedTracking: Hashable, Sendable {
    /// A tracking request the OS ignored because the app was not active, not asked again since.
    var trackingUnasked = false
    /// The app became active after that request.
    var activeSinceUnasked = false
    /// When the app's active stretch after that request began: one that ends at the instant it
    /// began gave the app no time to ask.
    var unaskedActiveSince = Duration.zero
    /// The consent SDK's stored choice consents to no TCF purpose: no debt opens.
    var refusalStored = false

    /// The state after an event, given the OS tracking status as the event left it.
    mutating func update(with event: TraceEvent, tracking: TrackingAuthorizationStatus) {
        switch event.name {
        case .trackingRequest:
            trackingUnasked = false
        case .trackingAnswer:
            // OS 17.4's early `denied` reaches the app while the prompt stays up (catalogue T13): it
            // changes nothing.
            if event[.trackingAnswerReason] == .earlyAnswer { break }
            // A prompt the user saw meanwhile (another request's, answered or dismissed), or a status
            // decided without one: the user was asked, or nothing is left to ask.
            if event[.prompted] == true || tracking != .notDetermined { trackingUnasked = false }
            if event[.prompted] == false, case .noPrompt(let reason) = event[.trackingAnswerReason], reason.meansAppWasInactive,
                tracking == .notDetermined, !refusalStored
            {
                trackingUnasked = true
                activeSinceUnasked = false
            }
        case .settingsChange:
            // Decided in Settings: there is nothing left to ask.
            if let status = event[.tracking], status != .notDetermined { trackingUnasked = false }
        case .deviceReady:
            refusalStored = event[.refusedEveryPurpose] == true
        case .storeSet where event[.storageKey] == TCFKey.purposeConsents:
            // A refusal of every purpose: the app does not ask after it.
            let bits = event[.storedValue] ?? ""
            refusalStored = TCFSignals(gdprApplies: nil, purposeConsents: bits).consentsToNoPurpose
            if refusalStored { trackingUnasked = false }
        case .storeRemove where event[.storageKey] == TCFKey.purposeConsents:
            refusalStored = false
        case .appReinstall:
            refusalStored = false
            trackingUnasked = false
        case .appActive:
            if trackingUnasked && !activeSinceUnasked {
                activeSinceUnasked = true
                unaskedActiveSince = event.time
            }
        case .appBackground:
            // A stretch that had time in it was the session the rule judged; one of no time waits
            // for the next.
            if trackingUnasked && activeSinceUnasked {
                if event.time > unaskedActiveSince { trackingUnasked = false } else { activeSinceUnasked = false }
            }
        case .appLaunch, .appTerminate, .appCrash, .runFinish:
            // A new process asks afresh; an ended one cannot ask any more.
            trackingUnasked = false
        default:
            break
        }
    }

    /// The state without absolute times, for the explorer's state comparison: the active stretch is
    /// kept only as whether time has passed in it by `now`.
    func projection(at now: Duration) -> UnaskedTracking {
        var unasked = self
        unasked.unaskedActiveSince = trackingUnasked && activeSinceUnasked && now > unaskedActiveSince ? .nanoseconds(-1) : .zero
        return unasked
    }
}
