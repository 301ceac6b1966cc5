/// Every port the app-side logic needs, in one value: what an app port replaces with real adapters.
public struct AdsEnvironment: Sendable {
    /// The OS's tracking authorization.
    public var tracking: any TrackingAuthorizer
    /// The OS's advertising identifier.
    public var advertisingIdentifier: any AdvertisingIdentifierProvider
    /// The consent SDK's flow: ``CurrentConsentProfile`` or ``LegacyConsentProfile``.
    public var consent: any ConsentProfile
    /// The ad SDK.
    public var adSDK: any AdSDK
    /// The app's persistent storage.
    public var store: any KeyValueStore
    /// Time and timers.
    public var clock: any AppClock
    /// Whether the app is active.
    public var lifecycle: any AppLifecycle
    /// Where decisions are logged.
    public var log: any AdsEventLog

    /// Collects the ports.
    public init(
        tracking: any TrackingAuthorizer,
        advertisingIdentifier: any AdvertisingIdentifierProvider,
        consent: any ConsentProfile,
        adSDK: any AdSDK,
        store: any KeyValueStore,
        clock: any AppClock,
        lifecycle: any AppLifecycle,
        log: any AdsEventLog = SilentAdsEventLog()
    ) {
        self.tracking = tracking
        self.advertisingIdentifier = advertisingIdentifier
        self.consent = consent
        self.adSDK = adSDK
        self.store = store
        self.clock = clock
        self.lifecycle = lifecycle
        self.log = log
    }
}
