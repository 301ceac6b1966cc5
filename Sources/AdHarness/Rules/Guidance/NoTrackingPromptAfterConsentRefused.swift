import AdRequestKit
import MockAdNetwork
import StandInRuntime

extension RuleID {
    /// Once the user has refused every purpose in a consent or privacy-options form, the app does not
    /// go on to show the tracking prompt in that process.
    public static let noTrackingPromptAfterConsentRefused = RuleID(declaring: "noTrackingPromptAfterConsentRefused")
}

extension RuleDescriptor {
    static let noTrackingPromptAfterConsentRefused = RuleDescriptor(
        id: .noTrackingPromptAfterConsentRefused,
        authority: .guidance,
        on: [.trackingPrompt],
        rule: "once the user refused every purpose in a consent or privacy-options form, the app does not go on to show the tracking prompt",
        definition: """
            Broken by a `tracking.prompt` after the user answered a consent or privacy-options form with a choice that \
            consents to no TCF purpose (the form's answer wrote `IABTCF_PurposeConsents` with no `1`), in the same process, \
            with no choice consenting to a purpose since. Time passing, callbacks coming late and the app coming back to \
            the foreground do not end the refusal: a prompt the app's flow shows a wait after the form is the same flow. \
            The app's own asks are judged (a `requestTracking` step is the app asking outside its onboarding); a prompt \
            shown during a tap on one of the app's controls is the user's own ask and is not. A refusal restored by \
            consent sync or kept from an earlier process is not judged: the user did not just say no. Only the current \
            consent SDK's TCF choice is read: a legacy consent form's non-personalized answer and a US-state opt-out \
            (GPP, no TCF) are not judged. The consent SDK's own prompt after its IDFA explainer (`tracking.request \
            by=consentSDK`) is judged too: publishing the explainer beside a GDPR message is the app's configuration, and \
            App Review has rejected apps whose consent SDK went on from a refusal to the prompt. App Review has rejected \
            this order; no published guideline names it, so it warns.
            """,
        source: """
            Apple, App Review Guideline 5.1.1(iv) (https://developer.apple.com/app-store/review/guidelines/#data-collection-and-storage: \
            respect the user's permission settings); App Review rejections quoted in AppLovin/AppLovin-MAX-Unity-Plugin#325 \
            (https://github.com/AppLovin/AppLovin-MAX-Unity-Plugin/issues/325), AppLovin/AppLovin-MAX-SDK-iOS#281, \
            appodeal/Appodeal-Flutter-Plugin#80 (https://github.com/appodeal/Appodeal-Flutter-Plugin/issues/80: the GDPR and \
            tracking messages of the consent SDK's console, shown by the SDK) and \
            birgernass/react-native-ad-consent#20 (https://github.com/birgernass/react-native-ad-consent/issues/20)
            """,
        state: ConsentRefusal(),
        learnsFrom: [
            .storeSet, .storeRemove, .consentFormPresent, .consentFormAnswer, .step, .appLaunch, .appTerminate, .appCrash,
            .appReinstall, .runFinish,
        ],
        update: { refusal, event, _ in refusal.update(with: event) },
        breaks: { event, refusal, _ in
            event.name == .trackingPrompt && refusal.refused && !refusal.duringTap
        }
    )
}

/// What ``RuleID/noTrackingPromptAfterConsentRefused`` keeps in a process: whether the user
/// refused every purpose in a form, and whether the current step is the user's tap.
struct ConsentRefusal: Hashable, Sendable {
    /// The form on screen wrote a choice that consents to no purpose (its answer is not recorded yet).
    var refusalWritten = false
    /// The user refused every purpose in a form in this process, and has consented to none since.
    var refused = false
    /// The current step is a tap on one of the app's controls: a prompt in it is the user's own ask.
    var duringTap = false

    /// The state after an event.
    mutating func update(with event: TraceEvent) {
        switch event.name {
        case .consentFormPresent:
            refusalWritten = false
        case .storeSet where event[.storageKey] == TCFKey.purposeConsents:
            // The form writes its choice just before its answer is recorded; consent sync writes one too.
            let bits = event[.storedValue] ?? ""
            refusalWritten = TCFSignals(gdprApplies: nil, purposeConsents: bits).consentsToNoPurpose
            if bits.contains("1") { refused = false }
        case .storeRemove where event[.storageKey] == TCFKey.purposeConsents:
            refusalWritten = false
            refused = false
        case .consentFormAnswer:
            if refusalWritten { refused = true }
            refusalWritten = false
        case .step:
            duringTap = event.isStep(.tap)
        case .appLaunch, .appTerminate, .appCrash, .appReinstall, .runFinish:
            self = ConsentRefusal()
        default:
            break
        }
    }
}
