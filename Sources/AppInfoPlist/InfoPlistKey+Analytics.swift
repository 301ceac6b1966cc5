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

    private static func analyticsDefault(_ name: String) -> InfoPlistKey {
        InfoPlistKey(name: name, whenMissing: "the analytics SDK grants this consent type until the app sets it", isUsageDescription: false)
    }
}
