import StandInRuntime

extension RuleID {
    /// No ad request while the consent SDK's `canRequestAds` is false.
    public static let noRequestWithoutConsentSDKPermission = RuleID(declaring: "noRequestWithoutConsentSDKPermission")
}

extension RuleDescriptor {
    static let noRequestWithoutConsentSDKPermission = RuleDescriptor(
        id: .noRequestWithoutConsentSDKPermission,
        authority: .platform,
        on: [.adsRequest],
        rule: "no ad request while canRequestAds is false",
        definition: "Broken by an `ads.request` recorded while the consent SDK's `canRequestAds` is false.",
        source: "Google UMP, https://developers.google.com/admob/ios/privacy (check canRequestAds before requesting ads)",
        breaks: { event, _ in event.name == .adsRequest && event[.canRequestAds] == false }
    )
}
