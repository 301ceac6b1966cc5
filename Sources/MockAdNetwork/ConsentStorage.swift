import AdRequestKit

/// What the consent SDK keeps in the app's storage between sessions (the real one uses the app's
/// user defaults): it survives a relaunch, and goes with a reinstall or ``SimulatedConsentInformation/reset()``.
package struct ConsentStorage: Sendable {
    /// The app's storage.
    package let store: any KeyValueStore
    /// Whether the SDK's TCF signals turn on advertiser consent mode (``ConsentSDKSettings/enablesAdvertiserConsentMode``).
    package let enablesAdvertiserConsentMode: Bool

    /// Keys, under a prefix of their own.
    package enum Key {
        package static let status = "consentSDK.status"
        package static let privacyOptions = "consentSDK.privacyOptions"
        static let purposesConsented = "consentSDK.purposesConsented"
        static let usOptOut = "consentSDK.usOptOut"
        static let personalizationOptOut = "consentSDK.personalizationOptOut"
        static let personalizationOptOutInForce = "consentSDK.personalizationOptOutInForce"
        static let all = [status, privacyOptions, purposesConsented, usOptOut, personalizationOptOut, personalizationOptOutInForce]
    }

    /// Wraps the app's storage; `enablesAdvertiserConsentMode` is what the TCF signals say of
    /// advertiser consent mode.
    package init(store: any KeyValueStore, enablesAdvertiserConsentMode: Bool = false) {
        self.store = store
        self.enablesAdvertiserConsentMode = enablesAdvertiserConsentMode
    }

    /// The status stored by the last session; `unknown` if none.
    package var status: UserConsentStatus {
        get { store.integer(forKey: Key.status).map(UserConsentStatus.init(rawValue:)) ?? .unknown }
        nonmutating set { store.set(newValue.rawValue, forKey: Key.status) }
    }

    /// The privacy-options requirement stored by the last session; `unknown` if none.
    package var privacyOptions: PrivacyOptionsRequirement {
        get { store.integer(forKey: Key.privacyOptions).map(PrivacyOptionsRequirement.init(rawValue:)) ?? .unknown }
        nonmutating set { store.set(newValue.rawValue, forKey: Key.privacyOptions) }
    }

    /// Whether the user consented to the ad purposes in the last form (`nil` if never asked).
    package var purposesConsented: Bool? {
        get { store.bool(forKey: Key.purposesConsented) }
        nonmutating set { setOptional(newValue, forKey: Key.purposesConsented) }
    }

    /// Whether the user opted out of the sale or sharing of data under a US state law.
    package var usOptOut: Bool {
        get { store.bool(forKey: Key.usOptOut) ?? false }
        nonmutating set { store.set(newValue, forKey: Key.usOptOut) }
    }

    /// The user's answer to the ads personalization controls message: `true` "don't personalize
    /// my ads", `false` "personalize my ads", `nil` never answered. Kept apart from the GDPR decision.
    package var personalizationOptOut: Bool? {
        get { store.bool(forKey: Key.personalizationOptOut) }
        nonmutating set { setOptional(newValue, forKey: Key.personalizationOptOut) }
    }

    /// Stores a Boolean that may be unknown: `nil` removes the key.
    private func setOptional(_ value: Bool?, forKey key: String) {
        if let value { store.set(value, forKey: key) } else { store.removeValue(forKey: key) }
    }

    /// Whether the ad network enforces a "don't personalize my ads" answer: set by each update,
    /// only where no regulation applies (a regulation message supersedes the controls).
    package var personalizationOptOutInForce: Bool {
        get { store.bool(forKey: Key.personalizationOptOutInForce) ?? false }
        nonmutating set { store.set(newValue, forKey: Key.personalizationOptOutInForce) }
    }

    /// Clears everything the SDK stored, its TCF and GPP signals included.
    package func clear() {
        for key in Key.all { store.removeValue(forKey: key) }
        tcf.clear()
        gpp.clear()
    }

    /// The TCF signals the SDK writes into the same storage.
    package var tcf: TCFSignalWriter { TCFSignalWriter(store: store, enablesAdvertiserConsentMode: enablesAdvertiserConsentMode) }

    /// The GPP signals the SDK writes into the same storage in a regulated US state.
    package var gpp: GPPSignalWriter { GPPSignalWriter(store: store) }
}
