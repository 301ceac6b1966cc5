/// A port of the app-side logic whose implementations the contract suite checks.
public enum ContractPort: String, CaseIterable, Hashable, Sendable, Codable {
    /// ``AdRequestKit/TrackingAuthorizer``: the OS's tracking authorization.
    case trackingAuthorizer
    /// ``AdRequestKit/AdvertisingIdentifierProvider``: the OS's advertising identifier.
    case advertisingIdentifier
    /// ``AdRequestKit/ConsentInfoProvider``: the consent SDK's consent information.
    case consentInformation
    /// ``AdRequestKit/ConsentFormProvider``: the consent SDK's forms.
    case consentForm
    /// ``AdRequestKit/AdSDK``: the ad SDK.
    case adSDK
    /// ``AdRequestKit/LocationAuthorizer``: the OS's location authorization.
    case locationAuthorizer
    /// ``AdRequestKit/KeyValueStore``: the app's persistent key-value storage.
    case keyValueStore
    /// ``AdRequestKit/AnalyticsSDK``: the analytics SDK's consent mode.
    case analytics
    /// ``AdRequestKit/MediationPartners``: the mediated ad networks' privacy flags.
    case mediationPartners

    /// The protocol in AdRequestKit that an implementation of this port conforms to.
    public var protocolName: String {
        switch self {
        case .trackingAuthorizer: "TrackingAuthorizer"
        case .advertisingIdentifier: "AdvertisingIdentifierProvider"
        case .consentInformation: "ConsentInfoProvider"
        case .consentForm: "ConsentFormProvider"
        case .adSDK: "AdSDK"
        case .locationAuthorizer: "LocationAuthorizer"
        case .keyValueStore: "KeyValueStore"
        case .analytics: "AnalyticsSDK"
        case .mediationPartners: "MediationPartners"
        }
    }
}
