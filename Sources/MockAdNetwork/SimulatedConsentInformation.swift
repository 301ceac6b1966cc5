import AdRequestKit
import AppInfoPlist
import StandInRuntime

/// The consent SDK's consent information for one app process.
///
/// Before the first update of a session it reads `unknown` and `canRequestAds` false. The update
/// restores the previous session's answer at once; its completion then applies the region's rules:
/// `eea` requires consent until a form is answered; `regulatedUSState` requires none up front but
/// requires the privacy-options entry point; `other` requires nothing. A debug geography overrides the
/// region; the under-age tag means no consent form. Only published messages are shown, and where none
/// applies ads may be requested (`ConsentUpdateRules`). The update sends the app ID from the Info.plist:
/// a missing or malformed one fails it with `invalidAppID`. A failed update leaves the restored answer in
/// place, so a returning user can still get ads and a fresh install stays `unknown` with no ads.
/// A decision older than the SDK's lifetime for it (13 months of 31 days) is restored as stored, but the completion finds
/// it expired, and in the EEA asks again.
/// An update while another is in flight, and a form over a form, follow `ConsentSDKSettings.overlappingCalls`.
package final class SimulatedConsentInformation: ConsentInfoProvider, Sendable {
    /// What the SDK keeps between sessions.
    package let storage: ConsentStorage
    /// The SDK's configuration and latencies.
    package let settings: ConsentSDKSettings
    /// The app's Info.plist, where the update reads the app ID.
    package let infoPlist: InfoPlist
    /// The OS tracking authorization, for the IDFA explainer; without it the explainer never applies.
    let tracking: ConsentSDKTracking?
    let process: AppProcess
    private let session = Locked(Session())
    private let currentRegion: @Sendable () -> ConsentRegion
    /// The updates in flight and the forms on screen.
    let inFlight = InFlightCalls()
    /// The privacy-options form's preloads still to fail on this device, across launches.
    private let preloads: PrivacyOptionsPreloads
    /// The service's store of decisions by consent sync identifier, shared by the publisher's apps.
    let consentSync: ConsentSyncService?
    /// The analytics SDK's consent mode, which this SDK sets from GDPR answers when consent mode is on.
    private let analyticsConsent: (@Sendable ([AnalyticsConsentType: AnalyticsConsentStatus]) -> Void)?
    /// The process's consent-mode link: this SDK tells it when it starts, and sets the analytics
    /// consent only if the app configured the analytics SDK before that.
    private let consentModeLink: ConsentModeLink?

    private struct Session {
        var updateCompleted = false
        var status: UserConsentStatus = .unknown
        var canRequestAds = false
        var formStatus: ConsentFormStatus = .unknown
        var privacyOptions: PrivacyOptionsRequirement = .unknown
        var region: ConsentRegion?
        var underAgeOfConsent = false
        /// The valid sync identifier of the last update, where the publisher enabled consent sync.
        var syncID: String?
    }

    /// Creates the SDK object for a process; `region`, if given, says where the device is at each
    /// update (it may travel), else the settings' region holds for the whole process; `tracking` lets
    /// it show the IDFA explainer and ask the OS itself; `consentSync` is the service's store by sync
    /// identifier; `preloads`, shared by the device's launches, counts the privacy-options form's
    /// preloads still to fail (the settings' count, for this process alone, when not given);
    /// `analyticsConsent` reaches the analytics SDK's consent mode, which the SDK sets from each GDPR
    /// answer where the publisher turned consent mode on (``ConsentSDKSettings/consentModeEnabled``)
    /// and, if `consentModeLink` is given, the app configured the analytics SDK before this SDK's
    /// first update of the process.
    package init(
        settings: ConsentSDKSettings, storage: ConsentStorage, process: AppProcess,
        region: (@Sendable () -> ConsentRegion)? = nil,
        infoPlist: InfoPlist = .standard, tracking: ConsentSDKTracking? = nil, consentSync: ConsentSyncService? = nil,
        preloads: PrivacyOptionsPreloads? = nil,
        analyticsConsent: (@Sendable ([AnalyticsConsentType: AnalyticsConsentStatus]) -> Void)? = nil,
        consentModeLink: ConsentModeLink? = nil
    ) {
        self.analyticsConsent = analyticsConsent
        self.consentModeLink = consentModeLink
        self.consentSync = consentSync
        self.preloads = preloads ?? PrivacyOptionsPreloads(failing: settings.privacyOptionsPreloadFailures)
        self.settings = settings
        self.storage = storage
        self.process = process
        let fixed = settings.region
        currentRegion = region ?? { fixed }
        self.infoPlist = infoPlist
        self.tracking = tracking
    }

    /// The consent status.
    package var consentStatus: UserConsentStatus { session.withLock { $0.status } }
    /// Whether ads may be requested.
    package var canRequestAds: Bool { session.withLock { $0.canRequestAds } }
    /// Whether a form can be loaded.
    package var formStatus: ConsentFormStatus { session.withLock { $0.formStatus } }
    /// Whether the privacy-options entry point is required.
    package var privacyOptionsRequirement: PrivacyOptionsRequirement { session.withLock { $0.privacyOptions } }
    /// Whether an update completed successfully in this session (forms need one).
    package var hasCompletedUpdate: Bool { session.withLock { $0.updateCompleted } }
    /// The region the last successful update applied, if any.
    package var effectiveRegion: ConsentRegion? { session.withLock { $0.region } }

    /// Starts an update: restores the previous session's answer at once, completes after the latency.
    package func requestInfoUpdate(with parameters: ConsentRequestParameters, completion: @escaping @Sendable (ConsentRequestError?) -> Void) {
        guard process.answersCalls else { return }
        consentModeLink?.consentSDKStarting()
        let trace = process.trace
        var fields = [
            EventField(.underAgeOfConsent, parameters.isTaggedForUnderAgeOfConsent),
            EventField(.debugGeography, parameters.debugGeography),
        ]
        // A debug geography on a device that is not a test device is ignored: say so, never silently.
        if parameters.debugGeography != .disabled {
            fields.append(EventField("testDevice", String(settings.appliesDebugSettings(listing: parameters.testDeviceIdentifiers))))
        }
        // A sync identifier the guide does not allow, or one sent while sync is off, syncs nothing: say which.
        if let id = parameters.consentSyncID {
            let state = !ConsentSyncService.isValid(id) ? "invalid" : settings.consentSyncEnabled ? "on" : "notEnabled"
            fields.append(EventField("consentSync", state))
        }
        trace.record(.consentUpdate, fields)
        if settings.overlappingCalls == .reject && inFlight.updateInFlight {
            rejectOverlappingUpdate(completion)
            return
        }
        inFlight.updateStarted()
        let effects = process.faults.take(.consentInfoUpdate)
        let stored = storage.status
        let storedPrivacy = storage.privacyOptions
        session.withLock { session in
            session.status = stored
            session.privacyOptions = storedPrivacy
            session.canRequestAds = Self.allowsAds(stored)
        }
        process.delivery.deliver("consent.update completion", timing: .later(settings.updateLatency), effects: effects) { [self] in
            inFlight.updateEnded()
            if let fault = effects.error {
                let error = fault.consentRequestError
                trace.record(.consentUpdateDone, [EventField(.error, error.description)] + snapshotFields())
                completion(error)
                return
            }
            if let problem = appIDProblem {
                trace.record(
                    .consentUpdateDone,
                    [
                        EventField(.error, ConsentRequestError.invalidAppID.description), EventField("appID", problem),
                    ] + snapshotFields())
                completion(.invalidAppID)
                return
            }
            let expired = applyUpdate(parameters)
            trace.record(.consentUpdateDone, snapshotFields() + (expired ? [EventField("storedDecision", "expired")] : []))
            completion(nil)
        }
    }

    /// Clears the stored consent and this session's answers.
    package func reset() {
        storage.clear()
        session.withLock { $0 = Session() }
        process.trace.record(.consentReset)
    }

    // MARK: For the forms

    /// Records the user's answer to a form, with the TCF choices it makes, and returns the new status.
    func record(_ answer: ConsentFormAnswer, choices: ConsentChoices?, on kind: ConsentFormKind) -> UserConsentStatus {
        guard let choices else { return consentStatus }
        let region = effectiveRegion ?? currentRegion()
        if region == .other && settings.messages.personalizationControls && (kind == .personalizationControls || kind == .privacyOptions) {
            // The ads personalization controls: their own answer, no GDPR decision, no TCF signals.
            storage.personalizationOptOut = answer == .rejectAll
            storage.personalizationOptOutInForce = answer == .rejectAll
            storage.privacyOptions = .required
            session.withLock { session in
                session.status = .obtained
                session.canRequestAds = true
                session.privacyOptions = .required
            }
            return consentStatus
        }
        switch (kind, region) {
        case (.consent, _), (.privacyOptions, .eea):
            storage.purposesConsented = answer == .acceptAll
            do {
                try storage.tcf.writeChoices(choices, gdprApplies: region == .eea, at: SimulatedCMP.deciseconds(at: process.clock.now))
            } catch {
                process.trace.record(.harnessIssue, [EventField(.scenarioIssue, "the user script's choices do not fit a TC string: \(error)")])
            }
            storage.status = .obtained
            storage.privacyOptions = .required
            if region == .eea, let id = session.withLock({ $0.syncID }) { consentSync?.store(choices, for: id) }
            // Consent mode: where EU rules apply, the SDK sets the analytics SDK's state from the
            // answer, if the analytics SDK was configured before this SDK started.
            if region == .eea, settings.consentModeEnabled, consentModeLink?.reachesAnalytics ?? true, let analyticsConsent {
                analyticsConsent(ConsentModeMapping(store: storage.store).consentState)
            }
            session.withLock { session in
                session.status = .obtained
                session.canRequestAds = true
                session.privacyOptions = .required
            }
        case (.privacyOptions, .regulatedUSState), (.privacyOptions, .other):
            storage.usOptOut = answer == .rejectAll
            if region == .regulatedUSState { storage.gpp.writeDecision(optedOut: answer == .rejectAll) }
        case (.idfaExplainer, _), (.personalizationControls, _):
            // The controls outside region `other` (the user travelled while the form was up): nothing to record.
            break
        }
        return consentStatus
    }

    // MARK: Rules

    /// What is wrong with the app ID the update sends (`missing` or `malformed`), if anything.
    private var appIDProblem: String? {
        if infoPlist.hasWellFormedAdApplicationIdentifier { return nil }
        return infoPlist.contains(.adApplicationIdentifier) ? "malformed" : "missing"
    }

    /// Whether the consent form's flow shows the GDPR message: the EEA, the message published, no answer yet.
    var needsGDPRMessage: Bool {
        let (region, underAge) = session.withLock { ($0.region ?? currentRegion(), $0.underAgeOfConsent) }
        return region == .eea && settings.messages.gdpr && !underAge && storage.status != .obtained
    }

    /// Whether the ads personalization controls message is the form to show: published, no
    /// regulation where the user is, and never answered.
    var needsPersonalizationControls: Bool {
        let region = session.withLock { $0.region ?? currentRegion() }
        return region == .other && settings.messages.personalizationControls && storage.personalizationOptOut == nil
    }

    /// Whether the OS has yet to ask for tracking, so the IDFA explainer applies.
    var trackingUndecided: Bool { tracking?.status() == .notDetermined }

    /// Applies the region's rules; returns whether a stored decision had expired.
    private func applyUpdate(_ parameters: ConsentRequestParameters) -> Bool {
        let geography = settings.appliesDebugSettings(listing: parameters.testDeviceIdentifiers) ? parameters.debugGeography : .disabled
        let region: ConsentRegion =
            switch geography {
            case .eea: .eea
            case .regulatedUSState: .regulatedUSState
            case .other, .notEEA: .other
            default: currentRegion()
            }
        let syncID = parameters.consentSyncID.flatMap { settings.consentSyncEnabled && ConsentSyncService.isValid($0) ? $0 : nil }
        session.withLock { session in
            session.updateCompleted = true
            session.region = region
            session.underAgeOfConsent = parameters.isTaggedForUnderAgeOfConsent
            session.syncID = syncID
        }
        if let syncID, region == .eea { restoreSynced(syncID) }
        let expired = applyRules()
        storage.tcf.writeUpdate(gdprApplies: region == .eea)
        return expired
    }

    /// Whether the privacy-options form is missing because a preload failed; takes one failure,
    /// as the SDK's retry then loads the form for the next present.
    func takePrivacyOptionsPreloadFailure() -> Bool { preloads.takeFailure() }

    /// Restores the GDPR decision another app (or an earlier install) stored under the sync
    /// identifier, when this install has none that stands: its signals are written as the answer's.
    private func restoreSynced(_ id: String) {
        guard let choices = consentSync?.decision(for: id), storage.status != .obtained else { return }
        do {
            try storage.tcf.writeChoices(choices, gdprApplies: true, at: SimulatedCMP.deciseconds(at: process.clock.now))
        } catch {
            process.trace.record(.harnessIssue, [EventField(.scenarioIssue, "the synced choices do not fit a TC string: \(error)")])
            return
        }
        storage.purposesConsented = choices == .acceptAll
        storage.status = .obtained
        storage.privacyOptions = .required
        process.trace.record(.consentSyncRestored)
    }

    /// Applies the rules again once the explainer's tracking prompt is over, and records what they
    /// decided (`consent.explainer.done`): the explainer no longer applies if the OS has an answer, and
    /// still does if the prompt went away unanswered, so the status and `canRequestAds` may change
    /// without an update, and a checker must see it.
    func reapplyAfterExplainer() {
        _ = applyRules()
        process.trace.record(.consentExplainerDone, snapshotFields())
    }

    /// Decides from the session's region and under-age tag, the stored decision (as old as it is now)
    /// and the OS tracking status, then stores and publishes the result; returns whether the stored
    /// decision had expired.
    private func applyRules() -> Bool {
        let (region, underAge) = session.withLock { ($0.region ?? currentRegion(), $0.underAgeOfConsent) }
        let (stored, expired) = storage.status(at: SimulatedCMP.deciseconds(at: process.clock.now))
        let rules = ConsentUpdateRules.decide(
            region: region, stored: stored, messages: settings.messages,
            underAgeOfConsent: underAge, trackingUndecided: trackingUndecided,
            personalizationControlsAnswered: storage.personalizationOptOut != nil
        )
        let controls = region == .other && settings.messages.personalizationControls && storage.personalizationOptOut == true
        if storage.personalizationOptOutInForce != controls { storage.personalizationOptOutInForce = controls }
        store(rules, region: region, stored: stored)
        session.withLock { session in
            session.status = rules.status
            session.privacyOptions = rules.privacyOptions
            session.canRequestAds = rules.canRequestAds
            session.formStatus = rules.formAvailable ? .available : .unavailable
        }
        return expired
    }

    /// Stores what the rules decided; elsewhere than the EEA, a decision taken in the EEA is
    /// replaced unless the device keeps it (``ConsentSDKSettings/keepsDecisionOutsideEEA``).
    private func store(_ rules: ConsentUpdateRules, region: ConsentRegion, stored: UserConsentStatus) {
        let keepsDecision = region != .eea && stored == .obtained && settings.keepsDecisionOutsideEEA
        guard !keepsDecision else { return }
        storage.status = rules.storedStatus
        storage.privacyOptions = rules.privacyOptions
    }

    /// An update while another is in flight, under ``OverlappingCallPolicy/reject``: it fails on the
    /// next run loop and changes nothing.
    private func rejectOverlappingUpdate(_ completion: @escaping @Sendable (ConsentRequestError?) -> Void) {
        let trace = process.trace
        process.delivery.deliver("consent.update completion", timing: .later(.zero)) { [self] in
            trace.record(
                .consentUpdateDone,
                [
                    EventField(.error, ConsentRequestError.internal.description), EventField("reason", "operationInProgress"),
                ] + snapshotFields())
            completion(.internal)
        }
    }

    private static func allowsAds(_ status: UserConsentStatus) -> Bool {
        status == .obtained || status == .notRequired
    }

    private func snapshotFields() -> [EventField] {
        session.withLock { session in
            [
                EventField(.consentStatus, session.status),
                EventField(.canRequestAds, session.canRequestAds),
                EventField(.formStatus, session.formStatus),
                EventField(.privacyOptions, session.privacyOptions),
            ]
        }
    }
}

/// Which of the consent SDK's forms is on screen.
public enum ConsentFormKind: String, Hashable, Sendable {
    /// The consent form shown when consent is required.
    case consent
    /// The privacy-options form behind the app's entry point.
    case privacyOptions
    /// The IDFA explainer page shown before the OS tracking prompt.
    case idfaExplainer
    /// The ads personalization controls message, where no regulation applies.
    case personalizationControls
}
