import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// What a run has shown so far that several rules read: kept from ground-truth events only,
/// updated after the rules have judged each event (so a rule sees the run as it stood just before).
///
/// These are facts about the run, not rules: the OS tracking status, what the consent SDK has
/// stored and allows, whether this process's consent update succeeded. What one rule alone reads
/// lives in that rule's own state, in its file (``RuleMemory``), so adding a rule edits nothing here.
struct RunFacts: Hashable, Sendable {
    /// The OS tracking status, as last seen.
    var tracking = TrackingAuthorizationStatus.notDetermined
    /// The consent SDK's stored decision (`obtained`, `notRequired`...), as its storage holds it.
    var storedConsent = UserConsentStatus.unknown
    /// Whether the consent SDK allows ad requests, as its last answer said: `false` in a process
    /// until its first consent update restores the stored decision (catalogue C1, C2).
    var canRequestAds = false
    /// A consent update (current or legacy) of this process completed without an error.
    var consentUpdateSucceeded = false
    /// A fault withheld a callback in this process: the app may be waiting on its own timeout, so
    /// what it has not done yet by the run's end is not what it never does.
    var awaitingCallback = false
    /// An ad loaded in this process: the app has one to show.
    var adLoadedThisProcess = false

    /// The stored consent decisions that stand: ads may be requested on them.
    static let decisionStands: Set<UserConsentStatus> = [.obtained, .notRequired]

    /// An ad the user asks for now could be requested, and the app has none loaded: the consent SDK
    /// allows requests, the tracking status is decided, and no ad loaded in this process.
    var adCouldBeRequested: Bool { canRequestAds && tracking != .notDetermined && !adLoadedThisProcess }

    /// The facts after an event.
    mutating func update(with event: TraceEvent) {
        switch event.name {
        case .deviceReady:
            if let status = event[.tracking] { tracking = status }
            if let consent = event[.consent] { storedConsent = consent }
            canRequestAds = Self.decisionStands.contains(storedConsent)
        case .trackingAnswer:
            // OS 17.4's early `denied` reaches the app while the prompt stays up and the OS status is
            // still `notDetermined` until the user answers (catalogue T13): it changes no fact.
            if event[.trackingAnswerReason] == .earlyAnswer { break }
            if let status = event[.trackingStatus] { tracking = status }
        case .settingsChange:
            if let status = event[.tracking] { tracking = status }
        case .appTerminate, .runFinish, .appLaunch, .appCrash:
            // A new process starts afresh; an ended one cannot do anything more.
            awaitingCallback = false
            consentUpdateSucceeded = false
            // Before a process's first consent update the SDK allows no ad request (catalogue C1).
            canRequestAds = false
            adLoadedThisProcess = false
        case .appReinstall:
            tracking = .notDetermined
            storedConsent = .unknown
            canRequestAds = false
        case .storeSet:
            if event[.storageKey] == ConsentStorage.Key.status, let value = event[.storedValue].flatMap(Int.init) {
                storedConsent = UserConsentStatus(rawValue: value)
            }
        case .storeRemove:
            if event[.storageKey] == ConsentStorage.Key.status { storedConsent = .unknown }
        case .consentUpdate:
            // The update restores the stored decision at once (catalogue C2).
            canRequestAds = Self.decisionStands.contains(storedConsent)
        case .consentUpdateDone:
            if let allowed = event[.canRequestAds] { canRequestAds = allowed }
            if event[.error] == nil { consentUpdateSucceeded = true }
        case .consentExplainerDone:
            // The explainer's flow ended: the consent SDK applied its rules again (catalogue C14), so a
            // GDPR answer given in that flow no longer allows ads while the OS status stays undecided.
            if let allowed = event[.canRequestAds] { canRequestAds = allowed }
        case .consentReset:
            canRequestAds = false
        case .legacyConsentUpdateDone:
            if event[.error] == nil { consentUpdateSucceeded = true }
        case .consentFormAnswer:
            if let status = event[.consentStatus] { canRequestAds = Self.decisionStands.contains(status) }
        case .adsRequest:
            if let tracking = event[.tracking] { self.tracking = tracking }
            if let allowed = event[.canRequestAds] { canRequestAds = allowed }
        case .callbackWithheld:
            awaitingCallback = true
        case .adsLoaded:
            adLoadedThisProcess = true
        default:
            break
        }
    }
}
