import AdRequestKit
import HarnessSupport

/// The consent SDK's consent information for one app process.
///
/// Before the first update of a session it reads `unknown` and `canRequestAds` false. The update
/// restores the previous session's answer at once; its completion then applies the region's rules:
/// `eea` requires consent until a form is answered; `regulatedUSState` requires none up front but
/// requires the privacy-options entry point; `other` requires nothing. A debug geography overrides the
/// region; the under-age tag means no consent form. A failed update leaves the restored answer in place,
/// so a returning user can still get ads and a fresh install stays `unknown` with no ads.
public final class SimulatedConsentInformation: ConsentInfoProvider, Sendable {
    /// What the SDK keeps between sessions.
    public let storage: ConsentStorage
    /// The SDK's configuration and latencies.
    public let settings: ConsentSDKSettings
    private let process: AppProcess
    private let session = Locked(Session())

    private struct Session {
        var updateCompleted = false
        var status: UserConsentStatus = .unknown
        var canRequestAds = false
        var formStatus: ConsentFormStatus = .unknown
        var privacyOptions: PrivacyOptionsRequirement = .unknown
        var region: ConsentRegion?
    }

    /// Creates the SDK object for a process.
    public init(settings: ConsentSDKSettings, storage: ConsentStorage, process: AppProcess) {
        self.settings = settings
        self.storage = storage
        self.process = process
    }

    /// The consent status.
    public var consentStatus: UserConsentStatus { session.withLock { $0.status } }
    /// Whether ads may be requested.
    public var canRequestAds: Bool { session.withLock { $0.canRequestAds } }
    /// Whether a form can be loaded.
    public var formStatus: ConsentFormStatus { session.withLock { $0.formStatus } }
    /// Whether the privacy-options entry point is required.
    public var privacyOptionsRequirement: PrivacyOptionsRequirement { session.withLock { $0.privacyOptions } }
    /// Whether an update completed successfully in this session (forms need one).
    public var hasCompletedUpdate: Bool { session.withLock { $0.updateCompleted } }
    /// The region the last successful update applied, if any.
    public var effectiveRegion: ConsentRegion? { session.withLock { $0.region } }

    /// Starts an update: restores the previous session's answer at once, completes after the latency.
    public func requestInfoUpdate(with parameters: ConsentRequestParameters, completion: @escaping @Sendable (ConsentRequestError?) -> Void) {
        guard process.isRunning else { return }
        let trace = process.trace
        var fields = [
            EventField("underAgeOfConsent", String(parameters.isTaggedForUnderAgeOfConsent)),
            EventField("debugGeography", parameters.debugGeography.description),
        ]
        // A debug geography on a device that is not a test device is ignored: say so, never silently.
        if parameters.debugGeography != .disabled {
            fields.append(EventField("testDevice", String(settings.isTestDevice(listed: parameters.testDeviceIdentifiers))))
        }
        trace.record(.consentUpdate, fields)
        let effects = process.faults.take(.consentInfoUpdate)
        let stored = storage.status
        let storedPrivacy = storage.privacyOptions
        session.withLock { session in
            session.status = stored
            session.privacyOptions = storedPrivacy
            session.canRequestAds = Self.allowsAds(stored)
        }
        process.delivery.deliver("consent.update completion", timing: .later(settings.updateLatency), effects: effects) { [self] in
            if let fault = effects.error {
                let error = fault.consentRequestError
                trace.record(.consentUpdateDone, [EventField("error", error.description)] + snapshotFields())
                completion(error)
                return
            }
            applyUpdate(parameters)
            trace.record(.consentUpdateDone, snapshotFields())
            completion(nil)
        }
    }

    /// Clears the stored consent and this session's answers.
    public func reset() {
        storage.clear()
        session.withLock { $0 = Session() }
        process.trace.record(.consentReset)
    }

    // MARK: For the forms

    /// Records the user's answer to a form, with the TCF choices it makes, and returns the new status.
    func record(_ answer: ConsentFormAnswer, choices: ConsentChoices?, on kind: ConsentFormKind) -> UserConsentStatus {
        guard let choices else { return consentStatus }
        let region = effectiveRegion ?? settings.region
        switch (kind, region) {
        case (.consent, _), (.privacyOptions, .eea):
            storage.purposesConsented = answer == .acceptAll
            do {
                try storage.tcf.writeChoices(choices, gdprApplies: region == .eea, at: SimulatedCMP.deciseconds(at: process.clock.now))
            } catch {
                process.trace.record(.harnessIssue, [EventField("issue", "the user script's choices do not fit a TC string: \(error)")])
            }
            storage.status = .obtained
            storage.privacyOptions = .required
            session.withLock { session in
                session.status = .obtained
                session.canRequestAds = true
                session.privacyOptions = .required
            }
        case (.privacyOptions, .regulatedUSState), (.privacyOptions, .other):
            storage.usOptOut = answer == .rejectAll
            if region == .regulatedUSState { storage.gpp.writeDecision(optedOut: answer == .rejectAll) }
        }
        return consentStatus
    }

    // MARK: Rules

    private func applyUpdate(_ parameters: ConsentRequestParameters) {
        let geography = settings.isTestDevice(listed: parameters.testDeviceIdentifiers) ? parameters.debugGeography : .disabled
        let region: ConsentRegion = switch geography {
        case .eea: .eea
        case .regulatedUSState: .regulatedUSState
        case .other, .notEEA: .other
        default: settings.region
        }
        let stored = storage.status
        var status: UserConsentStatus
        var privacy: PrivacyOptionsRequirement
        var formAvailable = settings.consentFormConfigured
        switch region {
        case .eea:
            status = stored == .obtained ? .obtained : .required
            privacy = stored == .obtained ? .required : .notRequired
        case .regulatedUSState:
            status = .notRequired
            privacy = .required
        case .other:
            status = .notRequired
            privacy = .notRequired
            formAvailable = false
        }
        if parameters.isTaggedForUnderAgeOfConsent {
            status = .notRequired
            privacy = .notRequired
            formAvailable = false
        }
        storage.status = status
        storage.privacyOptions = privacy
        storage.tcf.writeUpdate(gdprApplies: region == .eea)
        session.withLock { session in
            session.updateCompleted = true
            session.region = region
            session.status = status
            session.privacyOptions = privacy
            session.canRequestAds = Self.allowsAds(status)
            session.formStatus = formAvailable ? .available : .unavailable
        }
    }

    private static func allowsAds(_ status: UserConsentStatus) -> Bool {
        status == .obtained || status == .notRequired
    }

    private func snapshotFields() -> [EventField] {
        session.withLock { session in
            [
                EventField("status", session.status.description),
                EventField("canRequestAds", String(session.canRequestAds)),
                EventField("formStatus", session.formStatus.description),
                EventField("privacyOptions", session.privacyOptions.description),
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
}
