import StandInRuntime

extension RuleID {
    /// A consent update that fails or never answers does not keep back the ads a stored decision allows.
    public static let storedConsentUsedWhenUpdateFails = RuleID(declaring: "storedConsentUsedWhenUpdateFails")
}

extension RuleDescriptor {
    static let storedConsentUsedWhenUpdateFails = RuleDescriptor(
        id: .storedConsentUsedWhenUpdateFails,
        authority: .guidance,
        on: [.runFinish],
        rule: "a consent update that fails or never answers does not keep back the ads a returning user's stored decision allows",
        definition: """
            A `requestAd` step opens a debt when the consent SDK allows ad requests on the stored decision alone (this \
            process's update restored it, and no update of the process has succeeded yet), the tracking status is \
            decided and no ad has loaded in this process; the next `ads.request` pays it, and an update that succeeds \
            hands it to ``RuleID/wantedAdsRequested``. Broken by the run's end with the debt open and no work left \
            due (`run.finish` without `due`: a callback withheld, which never comes, pays nothing), even with the \
            update's callback withheld: the update failed or \
            never answered, and the app kept a user whose decision stands from every ad of the session instead of \
            requesting on that decision, as Google's guide and samples do.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (the consent obtained in the previous session \
            can be used to request ads while the update runs; the sample starts the SDK on it, and again in the \
            update's completion whether or not it failed); the consent-information header (the status holds the \
            previous session's value until the completion); catalogue C2, C6
            """,
        // The user asked for an ad while the consent SDK allowed ads on the stored decision alone (no
        // update of this process had succeeded) and the tracking status was decided, and no request
        // went out since.
        state: false,
        learnsFrom: [.step, .adsRequest, .consentUpdateDone, .legacyConsentUpdateDone, .appLaunch, .appTerminate, .appCrash, .runFinish],
        update: { adWantedOnStoredConsent, event, facts in
            switch event.name {
            case .step:
                if event.isStep(.requestAd) && facts.adCouldBeRequested && !facts.consentUpdateSucceeded { adWantedOnStoredConsent = true }
            case .consentUpdateDone, .legacyConsentUpdateDone: if event[.error] == nil { adWantedOnStoredConsent = false }
            default: adWantedOnStoredConsent = false
            }
        },
        breaks: { event, adWantedOnStoredConsent, facts in
            event.name == .runFinish && event[.pendingDue] == nil && adWantedOnStoredConsent && !facts.consentUpdateSucceeded
        }
    )
}
