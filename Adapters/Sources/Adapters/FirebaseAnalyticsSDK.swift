// Adapter of the AnalyticsSDK port onto Firebase Analytics (consent mode). Copy it into the app
// target of an app that links Firebase Analytics; it builds where the framework exists, and on
// Linux it is type-checked against an interface stub (Adapters/README.md). This package does not
// depend on Firebase on Apple platforms, so there it compiles only in an app that does.
#if canImport(FirebaseAnalytics)
    import AdRequestKit
    import FirebaseAnalytics

    /// The analytics SDK's consent mode and events, through the port.
    ///
    /// Firebase offers no getter for the consent state: what is in force is the Info.plist
    /// defaults (`GOOGLE_ANALYTICS_DEFAULT_ALLOW_...`) overlaid by every `setConsent`, the app's and
    /// the consent SDK's (with consent mode on), kept across launches by Firebase.
    public struct FirebaseAnalyticsSDK: AnalyticsSDK {
        /// Creates the adapter; Firebase's `Analytics` is a class with class methods.
        public init() {}

        /// `Analytics.setConsent(_:)`, with the neutral types' raw values, which are Firebase's.
        public func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus]) {
            Analytics.setConsent(
                Dictionary(uniqueKeysWithValues: consent.map { (ConsentType(rawValue: $0.key.rawValue), ConsentStatus(rawValue: $0.value.rawValue)) })
            )
        }

        // `configure()` is not forwarded: `FirebaseApp.configure()` lives in FirebaseCore, which this
        // adapter does not import; the app calls it itself, before it starts the consent SDK (the
        // port's default, which does nothing, stands here).

        /// `Analytics.logEvent(_:parameters:)` with no parameters.
        public func logEvent(_ name: String) { Analytics.logEvent(name, parameters: nil) }

        /// `Analytics.setAnalyticsCollectionEnabled(_:)`.
        public func setAnalyticsCollectionEnabled(_ enabled: Bool) { Analytics.setAnalyticsCollectionEnabled(enabled) }

        /// `Analytics.setUserProperty(_:forName:)`.
        public func setUserProperty(_ value: String?, forName name: String) { Analytics.setUserProperty(value, forName: name) }
    }
#endif
