/// The legacy consent SDK's flow (catalogue LC1-LC9), behind the same coordinator as the current one.
///
/// In the EEA (or somewhere unknown) the form is shown until the user chooses personalized ads,
/// non-personalized ads or the ad-free version; the app keeps the choice as its "use personalized
/// ads" preference (personalized by default, catalogue LC9), and requests carry `npa=1`
/// when it is off. The privacy-options entry point is the settings entry that re-shows the form.
public struct LegacyConsentProfile: ConsentProfile {
    /// The SDK's consent information.
    public let consentInfo: any LegacyConsentInformation
    /// The SDK's forms.
    public let forms: any LegacyConsentFormProvider
    /// The app's legacy settings.
    public let settings: LegacyConsentSettings
    /// The app's storage, for its preference.
    public let store: any KeyValueStore

    /// The legacy consent flow over its two ports, the app's settings for it and the store the app's preference lives in.
    public init(consentInfo: any LegacyConsentInformation, forms: any LegacyConsentFormProvider, settings: LegacyConsentSettings, store: any KeyValueStore) {
        self.consentInfo = consentInfo
        self.forms = forms
        self.settings = settings
        self.store = store
    }

    /// The app's preference: personalized until the user says otherwise.
    public var usePersonalizedAds: Bool { store.bool(forKey: settings.usePersonalizedAdsKey) ?? true }

    /// Decides with ``LegacyDecisionTable``.
    public func evaluate(tracking: TrackingAuthorizationStatus) -> ConsentState {
        let snapshot = LegacyConsentSnapshot(
            status: consentInfo.consentStatus,
            inEEAOrUnknown: consentInfo.isRequestLocationInEEAOrUnknown,
            usePersonalizedAds: usePersonalizedAds,
            prefersAdFree: store.bool(forKey: settings.prefersAdFreeKey) ?? false
        )
        let decision = LegacyDecisionTable.decide(
            tracking: tracking, status: snapshot.status, inEEAOrUnknown: snapshot.inEEAOrUnknown, usePersonalizedAds: snapshot.usePersonalizedAds
        )
        // The current SDK's vocabulary for the same situation, so logs read alike across profiles.
        let consent: UserConsentStatus =
            switch snapshot.status {
            case .personalized, .nonPersonalized: .obtained
            case .unknown: snapshot.inEEAOrUnknown ? .required : .notRequired
            default: .unknown
            }
        return ConsentState(tracking: tracking, consent: consent, decision: decision, privacyOptionsRequired: true, legacy: snapshot)
    }

    /// Updates for the app's publisher identifiers.
    public func requestUpdate(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) {
        consentInfo.requestConsentInfoUpdate(forPublisherIdentifiers: settings.publisherIdentifiers, debug: settings.debug) {
            completion($0.map(AdsFlowError.Cause.legacyConsent))
        }
    }

    /// The form is required in the EEA (or somewhere unknown) until the user has chosen.
    public var isFormRequired: Bool { consentInfo.isRequestLocationInEEAOrUnknown && consentInfo.consentStatus == .unknown }

    /// Makes and loads a form; presenting it records the user's choice as the app's preference.
    public func loadForm(completion: @escaping @Sendable (Result<ConsentFormPresentation, AdsFlowError.Cause>) -> Void) {
        guard let form = forms.makeForm(privacyPolicyURL: settings.privacyPolicyURL, offers: settings.offers) else {
            completion(.failure(.legacyConsent(LegacyConsentError(.invalidPrivacyPolicyURL))))
            return
        }
        form.load { error in
            if let error {
                completion(.failure(.legacyConsent(error)))
                return
            }
            completion(
                .success(
                    ConsentFormPresentation { done in
                        form.present { error, prefersAdFree in
                            if let error {
                                done(.legacyConsent(error))
                                return
                            }
                            record(prefersAdFree: prefersAdFree)
                            done(nil)
                        }
                    }))
        }
    }

    /// The settings entry: loads a new form and presents it.
    public func presentPrivacyOptions(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) {
        loadForm { result in
            switch result {
            case .success(let form): form.present(completion)
            case .failure(let cause): completion(cause)
            }
        }
    }

    /// Keeps the user's choice: the ad-free wish, and the preference from the status the form set.
    private func record(prefersAdFree: Bool) {
        store.set(prefersAdFree, forKey: settings.prefersAdFreeKey)
        switch consentInfo.consentStatus {
        case .personalized: store.set(true, forKey: settings.usePersonalizedAdsKey)
        case .nonPersonalized: store.set(false, forKey: settings.usePersonalizedAdsKey)
        default: break
        }
    }
}
