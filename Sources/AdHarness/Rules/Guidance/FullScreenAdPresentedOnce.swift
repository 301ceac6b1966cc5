import StandInRuntime

extension RuleID {
    /// A full-screen ad that was shown is not presented again: the app loads a new one.
    public static let fullScreenAdPresentedOnce = RuleID(declaring: "fullScreenAdPresentedOnce")
}

extension RuleDescriptor {
    static let fullScreenAdPresentedOnce = RuleDescriptor(
        id: .fullScreenAdPresentedOnce,
        authority: .guidance,
        on: [.adsPresentFailed],
        rule: "a full-screen ad that was shown is not presented again: the app loads a new one",
        definition: """
            Broken by an `ads.present.failed` with `error=adAlreadyUsed`: the app presented an interstitial, rewarded \
            or app-open ad that had already been shown. The ad SDK shows nothing, so the user sees no ad (and earns no \
            reward) where the app meant one, and the app holds no ad for the next break.
            """,
        source: """
            Google, https://developers.google.com/admob/ios/interstitial (an interstitial ad is a one-time-use object: \
            once shown it cannot be shown again; load the next one when the ad is dismissed) and \
            https://developers.google.com/admob/ios/rewarded (the same for rewarded ads); catalogue A12
            """,
        breaks: { event, _ in event.name == .adsPresentFailed && event[.error] == "adAlreadyUsed" }
    )
}
