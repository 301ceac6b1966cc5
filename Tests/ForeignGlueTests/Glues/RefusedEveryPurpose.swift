import AdHarness
import AdRequestKit

extension AppPorts {
    /// The user refused every TCF purpose in the consent form: the consent SDK's stored choice
    /// consents to none. A careful app then does not go on to the tracking prompt (App Review
    /// has rejected apps that ask right after a refusal; `noTrackingPromptAfterConsentRefused`).
    var refusedEveryPurpose: Bool { TCFSignals(store: store).consentsToNoPurpose }
}
