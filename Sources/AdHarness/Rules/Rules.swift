/// Every rule the checker knows, in the order reports list them: the platforms' musts first, then
/// their advice, then lost revenue, then the app policies a team may turn on.
package enum Rules {
    /// Every rule.
    package static let all: [RuleDescriptor] = [
        .noRequestWithoutConsentSDKPermission, .identifierOnlyWhenAuthorized, .servedModeWithinConsent, .privacyOptionsReachable,
        .noRunawayLoop, .noCallOutsideTheRun, .noCrash, .noHang, .analyticsAdSignalsWithinConsent, .partnersToldNoMoreThanUserGave,
        .partnerFlagsFollowCurrentChoice, .underAgeTagReachesAdRequests,
        .adSDKStartsOnlyWhenAdsAllowed, .trackingAskedAgainOnceActive, .requestConfigurationBeforeStart,
        .consentFormOnlyWhenRequired, .consentResetOnlyWhenTesting, .consentGatheredWhenRequired, .adLoadsBackOff,
        .wantedAdsRequested, .storedConsentUsedWhenUpdateFails, .fullScreenAdPresentedOnce, .adSDKStartedOnce, .noCrashOnDuplicateCallback,
        .noTrackingPromptAfterConsentRefused, .partnersToldConsentAfterConsentSDK, .analyticsConfiguredBeforeConsentSDK,
        .requestsFollowCurrentAnswers, .analyticsConsentFollowsChoice,
        .personalizedOnlyWithBothAnswers, .personalizedOnlyWhenSignalsAllow, .taggedRequestsNeverPersonalized,
        .adSDKStartsAfterTrackingDecision,
    ]

    /// The order the checker asks the rules in, which orders the findings of one event: the most
    /// specific reason first (a tagged request before any other flag rule), the seed's rules in the
    /// order they were written, then the rest.
    static let checkingOrder: [RuleDescriptor] = {
        let first: [RuleDescriptor] = [
            .taggedRequestsNeverPersonalized, .personalizedOnlyWithBothAnswers, .personalizedOnlyWhenSignalsAllow,
            .noRequestWithoutConsentSDKPermission, .requestsFollowCurrentAnswers, .identifierOnlyWhenAuthorized,
            .adSDKStartsAfterTrackingDecision, .adSDKStartsOnlyWhenAdsAllowed, .trackingAskedAgainOnceActive,
            .requestConfigurationBeforeStart,
        ]
        return first + all.filter { rule in !first.contains { $0.id == rule.id } }
    }()

    /// The rules that keep a state of their own, in the order the checker keeps their states. Every
    /// one keeps it, on or off, so the explorer tells states apart the same way whatever the rule set.
    static let remembering: [(RuleDescriptor, RuleMemory)] = all.compactMap { rule in rule.memory.map { (rule, $0) } }

    /// Each rule by its name.
    static let byName: [String: RuleDescriptor] = Dictionary(uniqueKeysWithValues: all.map { ($0.id.rawValue, $0) })
}
