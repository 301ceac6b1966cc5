/// Every outside-world service an app's consent glue may use, as one value: what the real app gets
/// from the OS and the SDKs, and what a port to the real frameworks fills with thin adapters.
///
/// The harness makes a fresh value for each process (each launch), so nothing the glue holds
/// survives a relaunch except what it wrote to ``store``, as on a real device.
///
/// A glue takes the value in its initializer and keeps it. Each port is a `var`, so a test can
/// wrap one port (here the tracking port, in a decorator of the team's) and leave the rest as the
/// harness made them:
///
/// ```swift
/// let logged = GlueFactory(MyGlue.init).mappingPorts { ports in
///     var ports = ports
///     ports.tracking = LoggedTracking(base: ports.tracking)
///     return ports
/// }
/// let app = try SimulatedApp(glue: logged, user: User(trackingPrompt: .allow, consentForm: .acceptAll))
/// try app.launch()
/// try app.onboarding()    // MyGlue's tracking requests now pass through LoggedTracking
/// ```
public struct AppPorts: Sendable {
    /// The OS's tracking authorization.
    public var tracking: any TrackingAuthorizer
    /// The OS's advertising identifier.
    public var advertisingIdentifier: any AdvertisingIdentifierProvider
    /// The consent SDK's consent information.
    public var consentInformation: any ConsentInfoProvider
    /// The consent SDK's forms.
    public var consentForms: any ConsentFormProvider
    /// The legacy consent SDK, when the app runs it instead of the current one; `nil` otherwise.
    public var legacyConsent: LegacyConsentPorts?
    /// The ad SDK.
    public var adSDK: any AdSDK
    /// The app's persistent storage (user defaults); the consent SDK keeps its answers here too.
    public var store: any KeyValueStore
    /// Time and timers, for the glue's own timeouts: on the harness's virtual clock.
    public var clock: any AppClock
    /// Whether the app is active right now.
    public var lifecycle: any AppLifecycle
    /// The OS version, for the glue's `#available` branches.
    public var system: any SystemVersionProvider
    /// Where the glue may log what it decides; the harness shows it in the trace but never checks it.
    public var log: any AdsEventLog
    /// The analytics SDK's consent mode and events; ``NoAnalyticsSDK`` for an app without it.
    public var analytics: any AnalyticsSDK
    /// The privacy flags of the ad networks the app mediates; ``NoMediationPartners`` for none.
    public var mediationPartners: any MediationPartners

    /// Every port a glue reaches the outside world through: the OS, the consent SDK, the ad SDK,
    /// storage, time and the app's lifecycle, each a seam a port replaces with the real call.
    public init(
        tracking: any TrackingAuthorizer,
        advertisingIdentifier: any AdvertisingIdentifierProvider,
        consentInformation: any ConsentInfoProvider,
        consentForms: any ConsentFormProvider,
        legacyConsent: LegacyConsentPorts? = nil,
        adSDK: any AdSDK,
        store: any KeyValueStore,
        clock: any AppClock,
        lifecycle: any AppLifecycle,
        system: any SystemVersionProvider = ProcessSystemVersion(),
        log: any AdsEventLog = SilentAdsEventLog(),
        analytics: any AnalyticsSDK = NoAnalyticsSDK(),
        mediationPartners: any MediationPartners = NoMediationPartners()
    ) {
        self.tracking = tracking
        self.advertisingIdentifier = advertisingIdentifier
        self.consentInformation = consentInformation
        self.consentForms = consentForms
        self.legacyConsent = legacyConsent
        self.adSDK = adSDK
        self.store = store
        self.clock = clock
        self.lifecycle = lifecycle
        self.system = system
        self.log = log
        self.analytics = analytics
        self.mediationPartners = mediationPartners
    }
}

/// The legacy consent SDK's two services (catalogue LC1-LC9).
public struct LegacyConsentPorts: Sendable {
    /// Its consent information.
    public var information: any LegacyConsentInformation
    /// Its forms.
    public var forms: any LegacyConsentFormProvider

    /// The legacy consent SDK's information and form ports, which its real SDK provides together.
    public init(information: any LegacyConsentInformation, forms: any LegacyConsentFormProvider) {
        self.information = information
        self.forms = forms
    }
}
