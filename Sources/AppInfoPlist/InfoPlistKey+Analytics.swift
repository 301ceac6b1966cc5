extension InfoPlistKey {
    /// The analytics SDK's default for analytics storage before the app sets consent: a Boolean.
    public static let analyticsDefaultAnalyticsStorage = analyticsDefault("GOOGLE_ANALYTICS_DEFAULT_ALLOW_ANALYTICS_STORAGE")
    /// The default for ad storage.
    public static let analyticsDefaultAdStorage = analyticsDefault("GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_STORAGE")
    /// The default for ad user data.
    public static let analyticsDefaultAdUserData = analyticsDefault("GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_USER_DATA")
    /// The default for ad personalization.
    public static let analyticsDefaultAdPersonalization = analyticsDefault("GOOGLE_ANALYTICS_DEFAULT_ALLOW_AD_PERSONALIZATION_SIGNALS")

    /// The four consent-mode defaults, in consent mode's order of types (analytics storage, ad
    /// storage, ad user data, ad personalization).
    public static let analyticsConsentDefaults: [InfoPlistKey] = [
        analyticsDefaultAnalyticsStorage, analyticsDefaultAdStorage, analyticsDefaultAdUserData, analyticsDefaultAdPersonalization,
    ]

    /// The defaults that may also be the string `eu_consent_policy` (ad user data and ad
    /// personalization): denied only where the EU user consent policy applies.
    package static let analyticsDefaultsAllowingEUConsentPolicy: [InfoPlistKey] = [analyticsDefaultAdUserData, analyticsDefaultAdPersonalization]

    /// The string value of a default that denies the type only where the EU user consent policy applies.
    package static let analyticsEUConsentPolicyValue = "eu_consent_policy"

    private static func analyticsDefault(_ name: String) -> InfoPlistKey {
        InfoPlistKey(name: name, whenMissing: "the analytics SDK grants this consent type until the app sets it", isUsageDescription: false)
    }
}

extension InfoPlistKey {
    /// Whether the analytics SDK reads the CMP's TCF signals (`IABTCF_*`) for consent mode, where the
    /// CMP enabled advertiser consent mode: a Boolean; `false` switches the TCF link off, so ad
    /// storage, ad user data and ad personalization follow only the defaults and `setConsent`.
    public static let analyticsTCFDataEnabled = InfoPlistKey(
        name: "GOOGLE_ANALYTICS_TCF_DATA_ENABLED",
        whenMissing: "the analytics SDK reads the CMP's TCF signals where the CMP enabled advertiser consent mode (IABTCF_EnableAdvertiserConsentMode)",
        isUsageDescription: false
    )
}
