import StandInRuntime

extension RuleID {
    /// An ad the app wants while it may request one goes out.
    public static let wantedAdsRequested = RuleID(declaring: "wantedAdsRequested")
}

extension RuleDescriptor {
    static let wantedAdsRequested = RuleDescriptor(
        id: .wantedAdsRequested,
        authority: .guidance,
        on: [.runFinish],
        rule: "when the app wants an ad and both answers allow one, an ad request goes out",
        definition: """
            A `requestAd` step while the consent SDK allows ad requests, the tracking status is decided and no ad has \
            loaded in this process (an app with an ad loaded shows it without asking again) opens a \
            debt, paid by the next `ads.request`. Broken by the run's end with the debt open, both answers still \
            allowing the ad (the consent SDK allows requests and the tracking status is decided: a Settings change \
            that made tracking undecided again leaves an app that waits for the tracking answer, as Google's IDFA \
            guide has it, owing nothing), no work left waiting \
            (`run.finish` without `pending`), no callback withheld (the app is not left waiting on a timeout) and a \
            consent update of the process that succeeded (without one, the stored decision alone allowed the ad, \
            which ``RuleID/storedConsentUsedWhenUpdateFails`` judges): a glue that never requests an ad passes \
            every safety rule and earns nothing, so this says so.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (once canRequestAds is true, initialize the SDK \
            and request ads); Google, https://developers.google.com/admob/ios/privacy/idfa (after the tracking answer, \
            start loading ads)
            """,
        // The app wanted an ad while it could request one, and has sent no request since.
        state: false,
        learnsFrom: [.step, .adsRequest, .appLaunch, .appTerminate, .appCrash, .runFinish],
        update: { adWantedUnsent, event, facts in
            switch event.name {
            case .step: if event.isStep(.requestAd) && facts.adCouldBeRequested { adWantedUnsent = true }
            default: adWantedUnsent = false
            }
        },
        breaks: { event, adWantedUnsent, facts in
            event.name == .runFinish && event[.pendingWork] == nil && adWantedUnsent && facts.adCouldBeRequested && !facts.awaitingCallback
                && facts.consentUpdateSucceeded
        },
        causedBy: [.requestAd]
    )
}
