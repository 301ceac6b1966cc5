import AdRequestKit
import MockAdNetwork
import StandInRuntime

extension RuleID {
    /// When privacy options are required, the app's entry point presents the privacy-options form.
    public static let privacyOptionsReachable = RuleID(declaring: "privacyOptionsReachable")
}

extension RuleDescriptor {
    static let privacyOptionsReachable = RuleDescriptor(
        id: .privacyOptionsReachable,
        authority: .platform,
        on: [.consentFormPresent, .step, .appTerminate, .appCrash, .runFinish, .probeEnd],
        rule: "when the consent SDK requires a privacy-options entry point, the app's entry point presents the privacy-options form",
        definition: """
            An `openPrivacyOptions` step (the user taps the app's entry point) while the consent SDK's stored \
            requirement is `required` opens a debt, paid by the app asking for the privacy-options form \
            (`consent.form.present` or `consent.form.present.failed` with `kind=privacyOptions`). Broken by a \
            `consent.form.present kind=consent` while the debt is open (the entry point re-shows the consent form \
            instead), and by the next `openPrivacyOptions` step, the process's end, the run's end with nothing \
            due, or the end of the harness's own tap after the run (`run.probeEnd`) with the debt open (the \
            entry point presents nothing, or the app has none).
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (if privacyOptionsRequirementStatus is required, \
            add a UI element that presents the privacy options form) and the consent-information header \
            (PrivacyOptionsRequirementStatusRequired: a way must be provided for the user to modify their privacy options)
            """,
        state: PrivacyOptionsTaps(),
        learnsFrom: [
            .deviceReady, .appReinstall, .storeSet, .storeRemove, .step, .consentFormPresent, .consentFormPresentFailed, .appLaunch, .appTerminate, .appCrash,
            .runFinish,
        ],
        update: { taps, event, _ in taps.update(with: event) },
        breaks: { event, taps, _ in
            guard taps.unanswered else { return false }
            switch event.name {
            case .consentFormPresent: return event[.formKind] == .consent
            case .step: return event.isStep(.openPrivacyOptions)
            case .appTerminate, .appCrash, .probeEnd: return true
            // With work still due, the form may yet come: the end does not decide it.
            case .runFinish: return event[.pendingDue] == nil
            default: return false
            }
        },
        causedBy: [.openPrivacyOptions]
    )
}

/// What ``RuleID/privacyOptionsReachable`` keeps: whether the entry point is required, and
/// whether a tap on it waits for its form.
struct PrivacyOptionsTaps: Hashable, Sendable {
    /// The consent SDK's stored privacy-options requirement says the entry point is required.
    var required = false
    /// The user tapped the app's privacy-options entry point while it was required, and no
    /// privacy-options form has been asked for since.
    var unanswered = false

    /// The state after an event.
    mutating func update(with event: TraceEvent) {
        switch event.name {
        case .deviceReady: required = event[.privacyOptions] == .required
        case .appReinstall: required = false
        case .storeSet:
            if event[.storageKey] == ConsentStorage.Key.privacyOptions, let value = event[.storedValue].flatMap(Int.init) {
                required = PrivacyOptionsRequirement(rawValue: value) == .required
            }
        case .storeRemove: if event[.storageKey] == ConsentStorage.Key.privacyOptions { required = false }
        case .step: if event.isStep(.openPrivacyOptions) && required { unanswered = true }
        case .consentFormPresent, .consentFormPresentFailed: if event[.formKind] == .privacyOptions { unanswered = false }
        case .appLaunch, .appTerminate, .appCrash, .runFinish: unanswered = false
        default: break
        }
    }
}
