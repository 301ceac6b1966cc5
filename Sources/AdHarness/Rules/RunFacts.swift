import AdRequestKit
import HarnessSupport
import MockAdNetwork
import MockTrackingManager

/// What a run has shown so far, as the rules need it: kept from ground-truth events only, updated
/// after the rules have judged each event (so a rule sees the run as it stood just before).
///
/// These are facts about the run, not rules: which prompt the user dismissed, what the consent
/// SDK has stored, what the user has just tapped. Each rule reads the ones it needs.
struct RunFacts: Hashable, Sendable {
    /// The OS tracking status, as last seen.
    var tracking = TrackingAuthorizationStatus.notDetermined
    /// The consent SDK's stored decision (`obtained`, `notRequired`...), as its storage holds it.
    var storedConsent = UserConsentStatus.unknown
    /// Whether the consent SDK allows ad requests, as its last answer said: `false` in a process
    /// until its first consent update restores the stored decision (catalogue C1, C2).
    var canRequestAds = false
    /// The region the device is in now (`device.ready`, `device.travel`).
    var region: ConsentRegion?
    /// The app asked the consent SDK (current or legacy) for an update in this process.
    var consentUpdateAsked = false
    /// A consent update (current or legacy) of this process completed without an error.
    var consentUpdateSucceeded = false
    /// The user asked for an ad while the consent SDK allowed ads on the stored decision alone (no
    /// update of this process had succeeded) and the tracking status was decided, and no request
    /// went out since.
    var adWantedOnStoredConsent = false
    /// The app is active (no system prompt over it, not in the background).
    var appActive = false
    /// The OS tracking prompt is on screen.
    var trackingPromptUp = false
    /// The app ran its onboarding in this process.
    var onboardingRan = false
    /// A fault withheld a callback in this process: the app may be waiting on its own timeout, so
    /// what it has not done yet by the run's end is not what it never does.
    var awaitingCallback = false
    /// An onboarding of this process began after a consent update had said consent is required.
    var onboardingKnewConsentRequired = false
    /// The last consent update of this process completed, and said consent is required.
    var consentRequiredByLastUpdate = false
    /// The app loaded or showed a consent form in this process.
    var consentFormTried = false
    /// An ad loaded in this process: the app has one to show.
    var adLoadedThisProcess = false
    /// The app wanted an ad while it could request one, and has sent no request since.
    var adWantedUnsent = false

    /// The stored consent decisions that stand: ads may be requested on them.
    static let decisionStands: Set<UserConsentStatus> = [.obtained, .notRequired]

    /// The facts after an event.
    mutating func update(with event: TraceEvent) {
        switch event.name {
        case .deviceReady:
            if let status = event[.tracking] { tracking = status }
            if let consent = event[.consent] { storedConsent = consent }
            canRequestAds = Self.decisionStands.contains(storedConsent)
            region = event["region"].flatMap(ConsentRegion.init(rawValue:))
        case .deviceTravel:
            region = event["region"].flatMap(ConsentRegion.init(rawValue:))
        case .step:
            switch event[.step] {
            case .onboarding?:
                onboardingRan = true
                if consentRequiredByLastUpdate { onboardingKnewConsentRequired = true }
            case .requestAd?:
                if canRequestAds && tracking != .notDetermined && !adLoadedThisProcess {
                    adWantedUnsent = true
                    if !consentUpdateSucceeded { adWantedOnStoredConsent = true }
                }
            default: break
            }
        case .trackingAnswer:
            // OS 17.4's early `denied` reaches the app while the prompt stays up and the OS status is
            // still `notDetermined` until the user answers (catalogue T13): it changes no fact.
            if event[.trackingAnswerReason] == .earlyAnswer { break }
            if let status = event[.trackingStatus] { tracking = status }
            if event[.prompted] == true { trackingPromptUp = false }
        case .settingsChange:
            if let status = event[.tracking] { tracking = status }
        case .appActive:
            appActive = true
        case .appInactive:
            appActive = false
        case .trackingPrompt:
            trackingPromptUp = true
        case .appBackground:
            appActive = false
        case .appTerminate, .runFinish, .appLaunch, .appCrash:
            // A new process asks afresh; an ended one cannot ask any more, nor tap, nor want an ad.
            appActive = false
            trackingPromptUp = false
            onboardingRan = false
            consentFormTried = false
            consentRequiredByLastUpdate = false
            onboardingKnewConsentRequired = false
            awaitingCallback = false
            adWantedUnsent = false
            consentUpdateAsked = false
            consentUpdateSucceeded = false
            adWantedOnStoredConsent = false
            // Before a process's first consent update the SDK allows no ad request (catalogue C1).
            canRequestAds = false
            adLoadedThisProcess = false
        case .appReinstall:
            tracking = .notDetermined
            storedConsent = .unknown
            canRequestAds = false
        case .storeSet:
            let value = event[.storedValue].flatMap(Int.init)
            if event[.storageKey] == ConsentStorage.Key.status, let value {
                storedConsent = UserConsentStatus(rawValue: value)
            }
        case .storeRemove:
            if event[.storageKey] == ConsentStorage.Key.status { storedConsent = .unknown }
        case .consentUpdate:
            // The update restores the stored decision at once (catalogue C2).
            canRequestAds = Self.decisionStands.contains(storedConsent)
            consentUpdateAsked = true
        case .legacyConsentUpdate:
            consentUpdateAsked = true
        case .consentUpdateDone:
            // Required, with a form to show: what the app needs to gather consent.
            consentRequiredByLastUpdate =
                event[.error] == nil && event[.consentStatus] == .required
                && event[.formStatus] == .available
            if let allowed = event[.canRequestAds] { canRequestAds = allowed }
            if event[.error] == nil {
                consentUpdateSucceeded = true
                adWantedOnStoredConsent = false
            }
        case .consentReset:
            canRequestAds = false
        case .legacyConsentUpdateDone:
            if event[.error] == nil {
                consentUpdateSucceeded = true
                adWantedOnStoredConsent = false
            }
        case .consentFormLoad:
            consentFormTried = true
        case .consentFormPresent, .consentFormPresentFailed:
            if [.consent, .personalizationControls].contains(event[.formKind]) { consentFormTried = true }
        case .consentFormAnswer:
            if let status = event[.consentStatus] { canRequestAds = Self.decisionStands.contains(status) }
        case .adsRequest:
            adWantedUnsent = false
            adWantedOnStoredConsent = false
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
