import StandInRuntime

extension RuleID {
    /// The app starts the ad SDK once per process.
    public static let adSDKStartedOnce = RuleID(declaring: "adSDKStartedOnce")
}

extension RuleDescriptor {
    static let adSDKStartedOnce = RuleDescriptor(
        id: .adSDKStartedOnce,
        authority: .guidance,
        on: [.adsStart],
        rule: "the app starts the ad SDK once per process, however many paths lead to it",
        definition: """
            Broken by an explicit `ads.start` (not one a first ad request implied) when the app already started the ad \
            SDK explicitly in this process: two paths (the previous session's consent at launch, the consent flow's \
            completion) each start it, with no guard that a start was made. Each call runs the set-up again and calls \
            its completion again (catalogue A5), so what the app hangs on the completion, its first ad loads among \
            them, runs twice.
            """,
        source: """
            Google, the consent samples of https://github.com/googleads/googleads-mobile-ios-examples and the consent \
            guide https://developers.google.com/admob/ios/privacy (the SDK is started from both the cached-consent path \
            and the consent completion, behind a guard that it is started once, `isMobileAdsStartCalled`); \
            GADMobileAds.h (`startWithCompletionHandler:` calls its completion when set-up finishes)
            """,
        // The explicit starts of the ad SDK in this process (`ads.start` without `implicit`).
        state: 0,
        learnsFrom: [.adsStart, .appLaunch, .appTerminate, .appCrash, .runFinish],
        update: { starts, event, _ in
            if event.name == .adsStart {
                if event[.implicitStart] != true { starts += 1 }
            } else {
                starts = 0
            }
        },
        breaks: { event, starts, _ in event.name == .adsStart && event[.implicitStart] != true && starts > 0 }
    )
}
