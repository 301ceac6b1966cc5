/// The analytics SDK, as far as consent goes: its consent mode, and the events it sends.
///
/// Its consent state says, per ``AnalyticsConsentType``, whether the SDK may use data for that
/// purpose. Each type is granted unless the app's Info.plist sets its default to false, or, for ad
/// user data and ad personalization only, to `eu_consent_policy` (denied where the EU user consent
/// policy applies, the EEA; granted elsewhere), until the app (or the consent SDK, where the
/// publisher turned consent mode on) sets it; a state set is kept across launches. Every event the SDK sends is sent under the state in force then.
///
/// The app configures the SDK once per launch (``configure()``). Where the publisher turned the
/// consent SDK's consent mode on, the consent SDK sets the consent state itself where EU rules
/// apply, but only if the SDK was configured before the consent SDK started; an app that never
/// calls ``configure()`` through the port is taken to configure it before any of its glue's code.
/// Where the CMP enabled advertiser consent mode (`IABTCF_EnableAdvertiserConsentMode` = 1), the SDK
/// also derives ad storage, ad user data and ad personalization from the CMP's TCF purposes, unless
/// the Info.plist sets `GOOGLE_ANALYTICS_TCF_DATA_ENABLED` to false.
///
/// Contract: the clauses of `AnalyticsContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `analytics.granted-by-default` (world-control): with no Info.plist default and nothing set, every type is granted.
/// - `analytics.info-plist-default-applies` (world-control): an Info.plist default of false denies that type until it is set.
/// - `analytics.set-applies-and-keeps-others` (world-control): a status set is the one in force; the types not given keep theirs.
/// - `analytics.set-persists-across-launches` (world-control): a state set in one launch is in force in the next.
/// - `analytics.collection-off-sends-nothing` (world-control): while collection is switched off an event logged is not sent; switched back on, it is.
/// - `analytics.user-property-set-and-removed` (world-control): a user property set is held with its value; set to nil, it is removed.
public protocol AnalyticsSDK: Sendable {
    /// Configures the SDK for this launch (Firebase's `FirebaseApp.configure()`). Call it before
    /// the consent SDK's first update, or the consent SDK's consent mode does not reach it in
    /// this launch.
    func configure()

    /// Sets the consent status of the types given; the others keep theirs. The SDK stores the
    /// state and applies it in later launches too.
    func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus])

    /// Sends an event under the consent state in force.
    func logEvent(_ name: String)

    /// Switches analytics collection on or off for this app instance; the SDK keeps the setting
    /// across launches. While collection is off, no event is sent.
    func setAnalyticsCollectionEnabled(_ enabled: Bool)

    /// Sets a user property (`allow_personalized_ads`...), or removes it when `value` is `nil`.
    /// Withdrawing analytics storage or ad storage (a type going from granted to denied) deletes
    /// the user properties set, which the app then sets again.
    func setUserProperty(_ value: String?, forName name: String)
}

extension AnalyticsSDK {
    /// Does nothing: an adapter written before this call existed still compiles, and the app
    /// configures the SDK itself; implement it to forward the call to the SDK.
    public func configure() {}

    /// Does nothing: an adapter written before these calls existed still compiles; implement it
    /// to forward the call to the SDK.
    public func setAnalyticsCollectionEnabled(_ enabled: Bool) {}

    /// Does nothing: an adapter written before these calls existed still compiles; implement it
    /// to forward the call to the SDK.
    public func setUserProperty(_ value: String?, forName name: String) {}
}

/// What an analytics consent status is about (consent mode's four types).
///
/// Raw values are the real SDK's spellings (`analytics_storage`...).
public enum AnalyticsConsentType: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    /// Storage (such as identifiers) for analytics.
    case analyticsStorage = "analytics_storage"
    /// Storage for advertising.
    case adStorage = "ad_storage"
    /// Sending user data to Google for advertising.
    case adUserData = "ad_user_data"
    /// Personalized advertising.
    case adPersonalization = "ad_personalization"

    /// In the order consent mode lists them.
    public static func < (lhs: Self, rhs: Self) -> Bool { allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)! }

    /// `adUserData`: the name traces and fixtures use.
    public var name: String {
        switch self {
        case .analyticsStorage: "analyticsStorage"
        case .adStorage: "adStorage"
        case .adUserData: "adUserData"
        case .adPersonalization: "adPersonalization"
        }
    }
}

/// Whether a consent type is granted. Raw values are the real SDK's (`granted`, `denied`).
public enum AnalyticsConsentStatus: String, CaseIterable, Hashable, Sendable, Codable {
    /// The SDK may use data for the purpose.
    case granted
    /// It may not.
    case denied
}

/// An app without the analytics SDK: setting consent and logging events do nothing.
public struct NoAnalyticsSDK: AnalyticsSDK {
    /// The absent SDK.
    public init() {}

    /// Nothing to configure.
    public func configure() {}

    /// Nothing to set.
    public func setConsent(_ consent: [AnalyticsConsentType: AnalyticsConsentStatus]) {}

    /// Nothing is sent.
    public func logEvent(_ name: String) {}

    /// Nothing to switch.
    public func setAnalyticsCollectionEnabled(_ enabled: Bool) {}

    /// Nothing to set.
    public func setUserProperty(_ value: String?, forName name: String) {}
}
