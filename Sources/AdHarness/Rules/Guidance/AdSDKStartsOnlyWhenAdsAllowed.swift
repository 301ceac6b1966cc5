import StandInRuntime

extension RuleID {
    /// The ad SDK does not start while the consent SDK's `canRequestAds` is false.
    public static let adSDKStartsOnlyWhenAdsAllowed = RuleID(declaring: "adSDKStartsOnlyWhenAdsAllowed")
}

extension RuleDescriptor {
    static let adSDKStartsOnlyWhenAdsAllowed = RuleDescriptor(
        id: .adSDKStartsOnlyWhenAdsAllowed,
        authority: .guidance,
        on: [.adsStart],
        rule: "the ad SDK is not started while canRequestAds is false",
        definition: "Broken by an `ads.start` (explicit, or implied by a first ad request) while the consent SDK's `canRequestAds` is false.",
        source: "Google UMP, https://developers.google.com/admob/ios/privacy (the sample initializes the Mobile Ads SDK only once canRequestAds is true)",
        breaks: { event, _ in event.name == .adsStart && event[.canRequestAds] == false }
    )
}
