// Adapter of the MediationPartners port onto AppLovin's privacy settings, the calls Google's
// AppLovin mediation guide asks for. An app that mediates other networks adds each partner's calls
// the same way (its mediation guide names them). Copy it into an app that links the AppLovin SDK;
// this package does not depend on it on Apple platforms, and on Linux it is type-checked against
// an interface stub (Adapters/README.md).
#if canImport(AppLovinSDK)
    import AdRequestKit
    import AppLovinSDK

    /// The privacy flags of AppLovin, through the port; other partners are not this adapter's.
    public struct AppLovinPartnerPrivacy: MediationPartners {
        /// Creates the adapter; AppLovin's privacy settings are class methods.
        public init() {}

        /// `ALPrivacySettings.setHasUserConsent(_:)` and `setDoNotSell(_:)` for AppLovin, for the
        /// flags given. AppLovin reads the TC string itself and has no age flag since SDK 13, so
        /// `tcString` and `isAgeRestricted` are not passed on.
        public func setPrivacy(_ flags: PartnerPrivacyFlags, for partner: MediationPartner) {
            guard partner == .appLovin else { return }
            if let consent = flags.hasUserConsent { ALPrivacySettings.setHasUserConsent(consent) }
            if let doNotSell = flags.doNotSell { ALPrivacySettings.setDoNotSell(doNotSell) }
        }
    }
#endif
