import AdRequestKit

/// The name of a trace event: one typed vocabulary shared by the stand-ins that record events, the
/// rules that read them, and the scenario expectations that match them.
///
/// Each name says who records it. Only the harness's and the stand-ins' events are ground truth
/// (``isGroundTruth``); the glue's are what the app under test chose to log, so no rule
/// reads them and a scenario that expects them checks one particular glue.
public struct TraceName: Hashable, Sendable, CustomStringConvertible {
    /// The name as traces and fixtures spell it: `ads.request`.
    public let rawValue: String
    /// What the event means, in one line (the `trace --names` listing).
    package let oneLineMeaning: String
    /// Who records it.
    package let recordedBy: Recorder

    /// Who records an event.
    package enum Recorder: String, Hashable, Sendable, CaseIterable {
        /// The harness itself: steps, faults, process lifecycle, the previous session.
        case harness
        /// A stand-in for the OS or an SDK: what the real system would have seen or done.
        case standIn
        /// The app's glue, through its log: what it decided or noticed. Not ground truth.
        case glue
    }

    /// A number of its own, given as the name is made: each spelling is made once (a static
    /// constant below), so comparing and hashing names is comparing and hashing numbers, which the
    /// rule checker does for every event.
    private let number: Int
    private static let made = Locked(0)

    private init(_ rawValue: String, _ recorder: Recorder, _ meaning: String) {
        self.rawValue = rawValue
        recordedBy = recorder
        oneLineMeaning = meaning
        number = Self.made.withLock { made in
            made += 1
            return made
        }
    }

    /// The known name spelled so, or `nil`: a fixture cannot match an event nobody records.
    public init?(rawValue: String) {
        guard let known = Self.byRawValue[rawValue] else { return nil }
        self = known
    }

    /// Whether the event is ground truth (recorded by the harness or a stand-in, not by the glue).
    public var isGroundTruth: Bool { recordedBy != .glue }

    /// The name as spelled in traces.
    public var description: String { rawValue }

    /// Names are equal when spelled the same (each spelling is made once, with one number).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.number == rhs.number }

    /// Hashes the name's number.
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }

    // MARK: The harness

    /// The simulated device is set up as the previous session left it.
    public static let deviceReady = Self("device.ready", .harness, "the simulated device is set up as the previous session left it")
    /// A step of the run begins.
    public static let step = Self("step", .harness, "a scenario step begins")
    /// A process of the app starts.
    public static let appLaunch = Self("app.launch", .harness, "a process of the app starts (its launch code runs while it is inactive)")
    /// The app becomes active.
    public static let appActive = Self("app.active", .harness, "the app becomes active")
    /// The app becomes inactive.
    public static let appInactive = Self("app.inactive", .harness, "the app becomes inactive (launching, a system prompt, or a fault)")
    /// The app leaves the foreground.
    public static let appBackground = Self("app.background", .harness, "the app leaves the foreground")
    /// The process ends.
    public static let appTerminate = Self("app.terminate", .harness, "the process ends (relaunch, reinstall or close)")
    /// The app is deleted and installed again.
    public static let appReinstall = Self("app.reinstall", .harness, "the app is deleted and installed again")
    /// The real app would crash here.
    public static let appCrash = Self("app.crash", .harness, "the real app would crash here (reason: a missing Info.plist key)")
    /// The user changes a setting in the Settings app.
    public static let settingsChange = Self("settings.change", .harness, "the user changes a setting in the Settings app (and the tracking status it leaves)")
    /// The device moves to another consent region.
    public static let deviceTravel = Self("device.travel", .harness, "the device moves to another region (the consent SDK sees it at its next update)")
    /// A value in the app's storage changes.
    public static let storeSet = Self("store.set", .harness, "a value in the app's storage changes")
    /// A value is removed from the app's storage.
    public static let storeRemove = Self("store.remove", .harness, "a value is removed from the app's storage")
    /// A fault withholds a callback.
    public static let callbackWithheld = Self("callback.withheld", .harness, "a fault withholds a callback: it never comes")
    /// A fault delivers a callback a second time.
    public static let callbackDuplicate = Self("callback.duplicate", .harness, "a fault delivers a callback a second time")
    /// The app looped without end and the harness stopped the run.
    public static let runRunaway = Self(
        "run.runaway", .harness, "the app looped without end (at one instant, or through nested callbacks): the run is stopped"
    )
    /// A stand-in heard the app from a thread the harness does not drive (a dispatch queue or thread of
    /// the app's own, or the main queue): that work runs beside the run, not in its order.
    public static let runOutsideCall = Self(
        "run.outsideCall", .harness,
        "the app called a port from a thread the harness does not drive (its own queue or thread, or the main queue): that work runs outside the run's order"
    )
    /// The run ends: the rules that wait for the end are decided here.
    public static let runFinish = Self("run.finish", .harness, "the run ends: the rules that wait for the end are decided here (pending: work still waiting)")
    /// The harness's own tap on the app's privacy-options entry point, after the run's end, has run its course.
    public static let probeEnd = Self(
        "run.probeEnd", .harness,
        "after the run's end, the harness's own tap on the app's privacy-options entry point has run its course: whether it presented the form is decided here"
    )
    /// A step calls the consent SDK directly, bypassing the glue.
    public static let sdkCall = Self(
        "sdk.call", .harness,
        "a step calls the consent SDK directly, bypassing the glue (name, its arguments, and the statuses before the call)"
    )
    /// A raw consent-SDK call of a step completes.
    public static let sdkResult = Self(
        "sdk.result", .harness,
        "a raw consent-SDK call completes (name, result ok or error, code, and status, canRequestAds, formStatus, privacyOptions after it)"
    )
    /// The scenario is incomplete.
    public static let harnessIssue = Self("harness.issue", .harness, "the scenario is incomplete (a prompt with no scripted answer...)")

    // MARK: The OS stand-ins

    /// The app asks the OS for tracking authorization.
    public static let trackingRequest = Self(
        "tracking.request", .standIn, "the app asks the OS for tracking authorization (by=consentSDK: the consent SDK asks, after its IDFA explainer)"
    )
    /// The OS shows the tracking prompt.
    public static let trackingPrompt = Self("tracking.prompt", .standIn, "the OS shows the tracking prompt")
    /// The OS answers a tracking request.
    public static let trackingAnswer = Self("tracking.answer", .standIn, "the OS answers (status, whether it prompted, why not)")
    /// The app reads the advertising identifier.
    public static let idfaRead = Self("idfa.read", .standIn, "the app reads the advertising identifier (zero or set)")
    /// The app asks for location authorization.
    public static let locationRequest = Self(
        "location.request", .standIn, "the app asks the OS for location authorization (whenInUse, always, temporaryFullAccuracy)"
    )
    /// The OS shows a location prompt.
    public static let locationPrompt = Self("location.prompt", .standIn, "the OS shows a location prompt")
    /// The user answers a location prompt.
    public static let locationAnswer = Self("location.answer", .standIn, "the user answers a location prompt")
    /// The OS does nothing for a location request.
    public static let locationIgnored = Self(
        "location.ignored", .standIn, "the OS does nothing for a location request, and why (a missing usage text names the keys)"
    )
    /// The location status or accuracy changes.
    public static let locationChange = Self(
        "location.change", .standIn, "the location status or accuracy changes (cause: answer, settings, appLeftUse, newProcess)"
    )
    /// The app's location change callback runs.
    public static let locationCallback = Self("location.callback", .standIn, "the app's location change callback runs (at registration or after a change)")

    // MARK: The SDK stand-ins

    /// The app asks the consent SDK to update consent information.
    public static let consentUpdate = Self("consent.update", .standIn, "the app asks the consent SDK to update consent information")
    /// The update completes.
    public static let consentUpdateDone = Self("consent.update.done", .standIn, "the update completes (status, canRequestAds, or the error)")
    /// The consent SDK's stored consent is cleared.
    public static let consentReset = Self("consent.reset", .standIn, "the consent SDK's stored consent is cleared")
    /// An update restored a decision stored under the consent sync identifier.
    public static let consentSyncRestored = Self(
        "consent.sync.restored", .standIn, "an update restored the GDPR decision stored under the app's consent sync identifier by another app or install"
    )
    /// The IDFA explainer's flow is over: the consent SDK has applied its rules again.
    public static let consentExplainerDone = Self(
        "consent.explainer.done", .standIn,
        "the IDFA explainer's flow is over and the consent SDK applied its rules again (status, canRequestAds)"
    )
    /// The app loads a consent form.
    public static let consentFormLoad = Self("consent.form.load", .standIn, "the app loads a consent form")
    /// The form loaded.
    public static let consentFormLoaded = Self("consent.form.loaded", .standIn, "the form loaded")
    /// The form failed to load.
    public static let consentFormLoadFailed = Self("consent.form.load.failed", .standIn, "the form failed to load")
    /// A consent or privacy-options form is shown.
    public static let consentFormPresent = Self("consent.form.present", .standIn, "a consent or privacy-options form is shown")
    /// A form could not be shown.
    public static let consentFormPresentFailed = Self("consent.form.present.failed", .standIn, "a form could not be shown")
    /// The user answers a form.
    public static let consentFormAnswer = Self("consent.form.answer", .standIn, "the user answers a form")
    /// The app sets the ad SDK's request configuration (its audience tags).
    public static let adsConfigure = Self(
        "ads.configure", .standIn, "the app sets the ad SDK's request configuration (the audience tags, and whether the SDK had started)"
    )
    /// The ad SDK is started.
    public static let adsStart = Self(
        "ads.start", .standIn, "the ad SDK is started (the tracking status, identifier and canRequestAds it sees)"
    )
    /// The ad SDK finished starting.
    public static let adsStarted = Self("ads.started", .standIn, "the ad SDK finished starting")
    /// An ad request reaches the ad SDK.
    public static let adsRequest = Self(
        "ads.request", .standIn, "an ad request reaches the ad SDK (extras, npa, and the ground truth at that moment)"
    )
    /// An ad loaded.
    public static let adsLoaded = Self("ads.loaded", .standIn, "an ad loaded")
    /// An ad failed to load.
    public static let adsLoadFailed = Self("ads.load.failed", .standIn, "an ad failed to load")
    /// A full-screen ad covers the app.
    public static let adsPresent = Self("ads.present", .standIn, "a full-screen ad covers the app")
    /// A full-screen ad could not be shown.
    public static let adsPresentFailed = Self("ads.present.failed", .standIn, "a full-screen ad could not be shown (not ready, or shown already)")
    /// The user earned a rewarded ad's reward.
    public static let adsReward = Self("ads.reward", .standIn, "the user earned a rewarded ad's reward")
    /// The user closed a full-screen ad.
    public static let adsDismiss = Self("ads.dismiss", .standIn, "the user closed a full-screen ad")
    /// The app configures the analytics SDK.
    public static let analyticsConfigure = Self(
        "analytics.configure", .standIn,
        "the app configures the analytics SDK (whether the consent SDK had started first in this process, and whether consent mode is on)"
    )
    /// The analytics SDK's consent state is set.
    public static let analyticsConsent = Self(
        "analytics.consent", .standIn, "the analytics SDK's consent state is set (by the app or the consent SDK; the state after)"
    )
    /// The analytics SDK sends an event.
    public static let analyticsEvent = Self(
        "analytics.event", .standIn, "the analytics SDK sends an event (the consent state in force, and the user's GDPR choice)"
    )
    /// The app switches analytics collection on or off.
    public static let analyticsCollection = Self(
        "analytics.collection", .standIn, "the app switches the analytics SDK's collection on or off (kept across launches; no event is sent while off)"
    )
    /// The app sets or removes an analytics user property.
    public static let analyticsUserProperty = Self(
        "analytics.userProperty", .standIn, "the app sets an analytics user property (or removes it: value=unset)"
    )
    /// Withdrawn storage consent deletes the analytics user properties.
    public static let analyticsUserPropertiesDeleted = Self(
        "analytics.userProperties.deleted", .standIn,
        "analytics or ad storage was withdrawn (granted, then denied), so the analytics SDK deleted the user properties set (the app sets them again)"
    )
    /// The app tells a mediated ad network's SDK its privacy flags.
    public static let partnerConsent = Self(
        "partner.consent", .standIn, "the app tells a mediated ad network its privacy flags (what it holds now, and what the user gave)"
    )
    /// The app asks the legacy consent SDK for an update.
    public static let legacyConsentUpdate = Self(
        "legacyConsent.update", .standIn, "the app asks the legacy consent SDK for an update (publisher identifiers)"
    )
    /// The legacy update completes.
    public static let legacyConsentUpdateDone = Self(
        "legacyConsent.update.done", .standIn, "the legacy update completes (status, EEA or unknown, or the error)"
    )
    /// The legacy consent SDK's stored consent is cleared.
    public static let legacyConsentReset = Self("legacyConsent.reset", .standIn, "the legacy consent SDK's stored consent is cleared")
    /// The app loads a legacy consent form.
    public static let legacyConsentFormLoad = Self("legacyConsent.form.load", .standIn, "the app loads a legacy consent form")
    /// The legacy form loaded.
    public static let legacyConsentFormLoaded = Self("legacyConsent.form.loaded", .standIn, "the legacy form loaded")
    /// The legacy form failed to load.
    public static let legacyConsentFormLoadFailed = Self("legacyConsent.form.load.failed", .standIn, "the legacy form failed to load")
    /// The legacy form is shown.
    public static let legacyConsentFormPresent = Self("legacyConsent.form.present", .standIn, "the legacy form is shown (with its offers)")
    /// The legacy form could not be shown.
    public static let legacyConsentFormPresentFailed = Self(
        "legacyConsent.form.present.failed", .standIn, "the legacy form could not be shown (not loaded, already used)"
    )
    /// The user chooses in the legacy form.
    public static let legacyConsentFormAnswer = Self("legacyConsent.form.answer", .standIn, "the user chooses in the legacy form")

    // MARK: The glue's log

    /// The app evaluated the decision table.
    public static let decision = Self("decision", .glue, "the app evaluated the decision table (both statuses, both outputs, the rule)")
    /// The app re-evaluates after a tracking answer or change.
    public static let consentRefresh = Self("consent.refresh", .glue, "the app re-evaluates after a tracking answer or change")
    /// The app waits for the app to be active before asking or re-reading.
    public static let trackingDeferred = Self("tracking.deferred", .glue, "the app waits for the app to be active before asking or re-reading")
    /// The app's tracking request is over for this session.
    public static let trackingSettled = Self("tracking.settled", .glue, "the app's tracking request is over for this session")
    /// The app noticed a tracking change made in Settings.
    public static let trackingChanged = Self("tracking.changed", .glue, "the app noticed a tracking change made in Settings or a late answer")
    /// The app refused to send an ad request.
    public static let adsRefused = Self("ads.refused", .glue, "the app refused to send an ad request")
    /// The app surfaced an error.
    public static let appError = Self("app.error", .glue, "the app surfaced an error (stage and code)")
    /// A callback did not come in time.
    public static let appTimeout = Self("app.timeout", .glue, "a callback did not come in time; the app went on conservatively")
    /// The app ignored a callback that came a second time, or after it had stopped waiting.
    public static let callbackIgnored = Self(
        "callback.ignored", .glue, "the app ignored a callback that came a second time, or after it had learned the answer another way"
    )
    /// A callback came after the app's timeout, and the app took it as news.
    public static let callbackLate = Self("callback.late", .glue, "a callback came after the app's timeout; the app took it as news")

    /// Every name, grouped by recorder.
    package static let everyName: [TraceName] = [
        deviceReady, step, appLaunch, appActive, appInactive, appBackground, appTerminate, appReinstall, appCrash,
        settingsChange, deviceTravel, storeSet, storeRemove, callbackWithheld, callbackDuplicate, runRunaway, runOutsideCall, runFinish, probeEnd, sdkCall,
        sdkResult,
        harnessIssue,
        trackingRequest, trackingPrompt, trackingAnswer, idfaRead,
        locationRequest, locationPrompt, locationAnswer, locationIgnored, locationChange, locationCallback,
        consentUpdate, consentUpdateDone, consentReset, consentSyncRestored, consentExplainerDone, consentFormLoad, consentFormLoaded, consentFormLoadFailed,
        consentFormPresent, consentFormPresentFailed, consentFormAnswer,
        adsConfigure, adsStart, adsStarted, adsRequest, adsLoaded, adsLoadFailed, adsPresent, adsPresentFailed, adsReward, adsDismiss,
        analyticsConfigure, analyticsConsent, analyticsEvent, analyticsCollection, analyticsUserProperty, analyticsUserPropertiesDeleted, partnerConsent,
        legacyConsentUpdate, legacyConsentUpdateDone, legacyConsentReset, legacyConsentFormLoad, legacyConsentFormLoaded,
        legacyConsentFormLoadFailed, legacyConsentFormPresent, legacyConsentFormPresentFailed, legacyConsentFormAnswer,
        decision, consentRefresh, trackingDeferred, trackingSettled, trackingChanged, adsRefused, appError, appTimeout,
        callbackIgnored, callbackLate,
    ]

    private static let byRawValue: [String: TraceName] = Dictionary(everyName.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    /// The name of an event the app-side logic logs.
    package init(adsEvent event: AdsEvent) {
        self =
            switch event {
            case .evaluated: .decision
            case .consentRefresh: .consentRefresh
            case .trackingDeferred: .trackingDeferred
            case .trackingSettled: .trackingSettled
            case .trackingChanged: .trackingChanged
            case .adRequestRefused: .adsRefused
            case .error: .appError
            case .timedOut: .appTimeout
            case .duplicateCallbackIgnored: .callbackIgnored
            case .lateCallback: .callbackLate
            }
    }

}
