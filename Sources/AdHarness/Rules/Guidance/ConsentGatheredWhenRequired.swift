import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

extension RuleID {
    /// Consent the consent SDK requires is gathered: the app shows the consent form.
    public static let consentGatheredWhenRequired = RuleID(declaring: "consentGatheredWhenRequired")
}

extension RuleDescriptor {
    static let consentGatheredWhenRequired = RuleDescriptor(
        id: .consentGatheredWhenRequired,
        authority: .guidance,
        on: [.runFinish],
        rule: "consent the consent SDK requires is gathered: after its onboarding the app shows the consent form",
        definition: """
            Broken by the run's end with no work left waiting (`run.finish` without `pending`) when, in the last \
            process, the app is active with no tracking prompt over it and no callback withheld (it is not waiting on \
            the user or on a timeout), neither loaded nor showed a consent form, and either: it began its onboarding \
            after a consent update had completed saying `required` with a form available (so it knew, and could), and \
            the last update still says so, with no form answered since that gave a decision (the privacy-options form \
            gathers consent too); or it ran its onboarding in the EEA, where consent is required until the \
            user answers (catalogue C3), with no decision standing (the stored status neither `obtained` nor \
            `notRequired`) and without asking the consent SDK for an update at all in that process (an app that skips \
            the consent flow after a tracking denial, say): consent was never asked for, so no ad may ever be requested.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (request a consent information update at every \
            launch, then load and present a consent form if required); the consent-information header (the update must \
            be called in every app session before the status is read or a form loaded)
            """,
        state: ConsentGathering(),
        learnsFrom: [
            .deviceReady, .deviceTravel, .step, .trackingPrompt, .trackingAnswer, .appActive, .appInactive, .appBackground, .consentUpdate,
            .legacyConsentUpdate, .consentUpdateDone, .consentFormLoad, .consentFormPresent, .consentFormPresentFailed, .consentFormAnswer, .appLaunch,
            .appTerminate, .appCrash,
            .runFinish,
        ],
        update: { gathering, event, _ in gathering.update(with: event) },
        breaks: { event, gathering, facts in
            guard event.name == .runFinish, event[.pendingWork] == nil, gathering.appActive, !gathering.trackingPromptUp, !facts.awaitingCallback,
                !gathering.consentFormTried
            else { return false }
            let knewAndSkipped = gathering.onboardingKnewConsentRequired && gathering.consentRequiredByLastUpdate
            let neverAsked =
                gathering.onboardingRan && !gathering.consentUpdateAsked && gathering.region == .eea
                && !RunFacts.decisionStands.contains(facts.storedConsent)
            return knewAndSkipped || neverAsked
        }
    )
}

/// What ``RuleID/consentGatheredWhenRequired`` keeps: where the device is, whether the app is
/// free to act, and what the last process knew of consent and did about it.
struct ConsentGathering: Hashable, Sendable {
    /// The region the device is in now (`device.ready`, `device.travel`).
    var region: ConsentRegion?
    /// The app is active (no system prompt over it, not in the background).
    var appActive = false
    /// The OS tracking prompt is on screen.
    var trackingPromptUp = false
    /// The app ran its onboarding in this process.
    var onboardingRan = false
    /// An onboarding of this process began after a consent update had said consent is required.
    var onboardingKnewConsentRequired = false
    /// The last consent update of this process completed, and said consent is required.
    var consentRequiredByLastUpdate = false
    /// The app asked the consent SDK (current or legacy) for an update in this process.
    var consentUpdateAsked = false
    /// The app loaded or showed a consent form in this process.
    var consentFormTried = false

    /// The state after an event.
    mutating func update(with event: TraceEvent) {
        switch event.name {
        case .deviceReady, .deviceTravel: region = event[.region]
        case .step:
            if event.isStep(.onboarding) {
                onboardingRan = true
                if consentRequiredByLastUpdate { onboardingKnewConsentRequired = true }
            }
        case .trackingPrompt: trackingPromptUp = true
        case .trackingAnswer:
            // OS 17.4's early `denied` comes while the prompt stays up (catalogue T13).
            if event[.trackingAnswerReason] != .earlyAnswer && event[.prompted] == true { trackingPromptUp = false }
        case .appActive: appActive = true
        case .appInactive, .appBackground: appActive = false
        case .consentUpdate, .legacyConsentUpdate: consentUpdateAsked = true
        case .consentUpdateDone:
            // Required, with a form to show: what the app needs to gather consent.
            consentRequiredByLastUpdate =
                event[.error] == nil && event[.consentStatus] == .required && event[.formStatus] == .available
        case .consentFormLoad: consentFormTried = true
        case .consentFormAnswer:
            // A form's answer that gave a decision (the privacy-options form's too): consent is gathered.
            if let status = event[.consentStatus], RunFacts.decisionStands.contains(status) { consentRequiredByLastUpdate = false }
        case .consentFormPresent, .consentFormPresentFailed:
            if [.consent, .personalizationControls].contains(event[.formKind]) { consentFormTried = true }
        case .appLaunch, .appTerminate, .appCrash, .runFinish:
            // A new process asks afresh; an ended one cannot do anything more.
            self = ConsentGathering(region: region)
        default:
            break
        }
    }
}
