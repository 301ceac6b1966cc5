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
            waiting but the update's own callback that a fault withheld (`run.finish` with no `pending` besides it): \
            the update failed or \
            never answered, and the app kept a user whose decision stands from every ad of the session instead of \
            requesting on that decision, as Google's guide and samples do.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (the consent obtained in the previous session \
            can be used to request ads while the update runs; the sample starts the SDK on it, and again in the \
            update's completion whether or not it failed); the consent-information header (the status holds the \
            previous session's value until the completion); catalogue C2, C6
            """,
        state: StoredConsentDebt(),
        learnsFrom: [
            .step, .adsRequest, .consentUpdateDone, .legacyConsentUpdateDone, .callbackWithheld, .appLaunch, .appTerminate, .appCrash, .runFinish,
        ],
        update: { debt, event, facts in
            switch event.name {
            case .step:
                if event.isStep(.requestAd) && facts.adCouldBeRequested && !facts.consentUpdateSucceeded { debt.adWanted = true }
            case .consentUpdateDone, .legacyConsentUpdateDone: if event[.error] == nil { debt.adWanted = false }
            case .callbackWithheld: if StoredConsentDebt.updateCallbacks.contains(event["callback"] ?? "") { debt.withheldUpdates += 1 }
            case .adsRequest: debt.adWanted = false
            default: debt = StoredConsentDebt()
            }
        },
        breaks: { event, debt, facts in
            // The update's callback a fault withheld is pending work that never comes: it pays nothing.
            event.name == .runFinish && (event[.pendingWork] ?? 0) == debt.withheldUpdates && debt.adWanted && !facts.consentUpdateSucceeded
        }
    )
}

/// What ``RuleID/storedConsentUsedWhenUpdateFails`` keeps of a process.
struct StoredConsentDebt: Hashable, Sendable {
    /// The consent updates' completions, as a withheld callback names them.
    static let updateCallbacks: Set<String> = ["consent.update completion", "legacyConsent.update completion"]

    /// The user asked for an ad while the consent SDK allowed ads on the stored decision alone (no
    /// update of this process had succeeded) and the tracking status was decided, and no request
    /// went out since.
    var adWanted = false
    /// The consent updates of this process whose completion a fault withheld: work the clock lists as
    /// waiting that never comes.
    var withheldUpdates = 0
}
