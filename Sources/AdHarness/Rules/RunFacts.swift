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
    /// A tracking request the OS ignored because the app was not active, not asked again since.
    var trackingUnasked = false
    /// The app became active after that request.
    var activeSinceUnasked = false
    /// When the app's active stretch after that request began: one that ends at the instant it
    /// began gave the app no time to ask.
    var unaskedActiveSince = Duration.zero
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
    /// The ad SDK's audience tags in force in this process (``tags(of:)``).
    var adConfiguration = RunFacts.defaultTags
    /// An ad request of this process went out under ``adConfiguration`` since it was set.
    var requestSentUnderAdConfiguration = false
    /// Since the last ad that loaded: when the last load failed, and how many requests in a row
    /// followed a failure at once. (The SDK's failure event names no ad unit, so units share it.)
    var failedLoads: FailedLoads?
    /// The user's own asks for an ad (`requestAd` steps, and `requestTracking` then an ad) that no
    /// request has answered yet in this process: the next requests are the user's, not the app's.
    var userAdAsksUnanswered = 0

    /// Failed loads since the last ad that loaded.
    struct FailedLoads: Hashable, Sendable {
        /// When the last load failed.
        var lastFailure: Duration
        /// Requests made within ``RunFacts/adLoadsRetryWindow`` of a failure, in a row.
        var immediateRetries: Int
    }

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
                userAdAsksUnanswered += 1
            case .requestTracking? where event["detail"] == "thenRequestAd":
                userAdAsksUnanswered += 1
            default: break
            }
        case .trackingRequest:
            trackingUnasked = false
        case .trackingAnswer:
            // OS 17.4's early `denied` reaches the app while the prompt stays up and the OS status is
            // still `notDetermined` until the user answers (catalogue T13): it changes no fact.
            if event[.trackingAnswerReason] == .earlyAnswer { break }
            if let status = event[.trackingStatus] { tracking = status }
            if event[.prompted] == true { trackingPromptUp = false }
            // A prompt the user saw meanwhile (another request's, answered or dismissed), or a status
            // decided without one: the user was asked, or nothing is left to ask.
            if event[.prompted] == true || tracking != .notDetermined { trackingUnasked = false }
            if event[.prompted] == false, case .noPrompt(let reason) = event[.trackingAnswerReason], reason.meansAppWasInactive,
                tracking == .notDetermined
            {
                trackingUnasked = true
                activeSinceUnasked = false
            }
        case .settingsChange:
            if let status = event[.tracking] {
                tracking = status
                // Decided in Settings: there is nothing left to ask.
                if status != .notDetermined { trackingUnasked = false }
            }
        case .appActive:
            appActive = true
            if trackingUnasked && !activeSinceUnasked {
                activeSinceUnasked = true
                unaskedActiveSince = event.time
            }
        case .appInactive:
            appActive = false
        case .trackingPrompt:
            trackingPromptUp = true
        case .appBackground:
            appActive = false
            // A stretch that had time in it was the session the rule judged; one of no time waits
            // for the next.
            if trackingUnasked && activeSinceUnasked {
                if event.time > unaskedActiveSince { trackingUnasked = false } else { activeSinceUnasked = false }
            }
        case .appTerminate, .runFinish, .appLaunch, .appCrash:
            // A new process asks afresh; an ended one cannot ask any more, nor tap, nor want an ad.
            trackingUnasked = false
            appActive = false
            trackingPromptUp = false
            onboardingRan = false
            consentFormTried = false
            consentRequiredByLastUpdate = false
            onboardingKnewConsentRequired = false
            awaitingCallback = false
            adWantedUnsent = false
            adConfiguration = Self.defaultTags
            requestSentUnderAdConfiguration = false
            userAdAsksUnanswered = 0
            consentUpdateAsked = false
            consentUpdateSucceeded = false
            adWantedOnStoredConsent = false
            // Before a process's first consent update the SDK allows no ad request (catalogue C1).
            canRequestAds = false
            adLoadedThisProcess = false
        case .adsConfigure:
            adConfiguration = Self.tags(of: event)
            requestSentUnderAdConfiguration = false
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
            requestSentUnderAdConfiguration = true
            if userAdAsksUnanswered > 0 {
                // The user's own ask: no retry of the app's, and no pause in its retries either.
                userAdAsksUnanswered -= 1
            } else if var failed = failedLoads {
                failed.immediateRetries = Self.isImmediateRetry(event, after: failed) ? failed.immediateRetries + 1 : 0
                failedLoads = failed
            }
            if let tracking = event[.tracking] { self.tracking = tracking }
            if let allowed = event[.canRequestAds] { canRequestAds = allowed }
        case .callbackWithheld:
            awaitingCallback = true
        case .adsLoaded:
            failedLoads = nil
            adLoadedThisProcess = true
        case .adsLoadFailed:
            failedLoads = FailedLoads(lastFailure: event.time, immediateRetries: failedLoads?.immediateRetries ?? 0)
        default:
            break
        }
    }

    /// A request made this soon after the last failed load of its unit is a retry at once.
    static let adLoadsRetryWindow = Duration.seconds(2)
    /// The retries at once that make a storm: the third one breaks ``Invariant/adLoadsBackOff``.
    static let adLoadsStormRetries = 3

    /// The ad SDK's audience tags: each Boolean tag when set, and the age treatment.
    struct AudienceTags: Hashable, Sendable {
        var underAgeOfConsent: Bool?
        var childDirected: Bool?
        var ageTreatment = AudienceAgeTreatment.unspecified

        /// The tags as the ad SDK applies them to a request: a Boolean tag left unset serves as
        /// `false` (no restriction), so setting it to `false` changes no request.
        var asServed: AudienceTags {
            AudienceTags(underAgeOfConsent: underAgeOfConsent ?? false, childDirected: childDirected ?? false, ageTreatment: ageTreatment)
        }
    }

    /// The audience tags an `ads.configure` or `ads.request` carries.
    static func tags(of event: TraceEvent) -> AudienceTags {
        AudienceTags(
            underAgeOfConsent: event[.underAgeOfConsent], childDirected: event[.childDirected],
            ageTreatment: event[.ageTreatment] ?? .unspecified
        )
    }

    /// The tags of a process that set none.
    static let defaultTags = AudienceTags()

    /// Whether a request follows the last failed load at once.
    static func isImmediateRetry(_ request: TraceEvent, after failed: FailedLoads) -> Bool {
        request.time - failed.lastFailure <= adLoadsRetryWindow
    }

    /// The facts that decide what later events break, without absolute times, for the explorer's
    /// state comparison: an active stretch is kept only as whether time has passed in it by `now`.
    func projection(at now: Duration) -> RunFacts {
        var facts = self
        facts.failedLoads = failedLoads.map { FailedLoads(lastFailure: .zero, immediateRetries: $0.immediateRetries) }
        facts.unaskedActiveSince = trackingUnasked && activeSinceUnasked && now > unaskedActiveSince ? .nanoseconds(-1) : .zero
        return facts
    }
}
