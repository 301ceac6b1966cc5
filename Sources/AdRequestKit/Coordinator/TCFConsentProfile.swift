/// The current consent SDK's flow, decided by ``TCFDecisionTable``: it also reads the TCF signals
/// the consent SDK writes into the app's storage.
public struct TCFConsentProfile: ConsentProfile {
    /// The current consent SDK's flow, which owns the SDK calls.
    public let base: CurrentConsentProfile
    /// The app's storage, where the signals are.
    public let store: any KeyValueStore

    /// Wraps the current profile with the app's storage.
    public init(base: CurrentConsentProfile, store: any KeyValueStore) {
        self.base = base
        self.store = store
    }

    /// Decides from the SDK's status, `canRequestAds` and the signals stored now.
    public func evaluate(tracking: TrackingAuthorizationStatus) -> ConsentState {
        let info = base.consentInfo
        let decision = TCFDecisionTable.decide(
            tracking: tracking, consent: info.consentStatus, consentAllowsAdRequests: info.canRequestAds, signals: TCFSignals(store: store)
        )
        return ConsentState(
            tracking: tracking, consent: info.consentStatus, decision: decision, privacyOptionsRequired: info.privacyOptionsRequirement == .required
        )
    }

    /// The base profile's update.
    public func requestUpdate(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) { base.requestUpdate(completion: completion) }
    /// The base profile's rule.
    public var isFormRequired: Bool { base.isFormRequired }
    /// The base profile's form.
    public func loadForm(completion: @escaping @Sendable (Result<ConsentFormPresentation, AdsFlowError.Cause>) -> Void) {
        base.loadForm(completion: completion)
    }
    /// The base profile's privacy options.
    public func presentPrivacyOptions(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) { base.presentPrivacyOptions(completion: completion) }
}
