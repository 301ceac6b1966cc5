/// The current consent SDK's flow: consent status, `canRequestAds`, and its forms (catalogue C1-C17, F1-F11).
public struct CurrentConsentProfile: ConsentProfile {
    /// The SDK's consent information.
    public let consentInfo: any ConsentInfoProvider
    /// The SDK's forms.
    public let consentForms: any ConsentFormProvider
    /// Sent with every update.
    public let parameters: ConsentRequestParameters

    /// Creates the profile on the SDK's ports.
    public init(consentInfo: any ConsentInfoProvider, consentForms: any ConsentFormProvider, parameters: ConsentRequestParameters = .init()) {
        self.consentInfo = consentInfo
        self.consentForms = consentForms
        self.parameters = parameters
    }

    /// Decides with ``DecisionTable`` from the SDK's status and `canRequestAds`.
    public func evaluate(tracking: TrackingAuthorizationStatus) -> ConsentState {
        ConsentState(
            tracking: tracking,
            consent: consentInfo.consentStatus,
            consentAllowsAdRequests: consentInfo.canRequestAds,
            privacyOptionsRequired: consentInfo.privacyOptionsRequirement == .required
        )
    }

    /// Requests the update with the profile's parameters.
    public func requestUpdate(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) {
        consentInfo.requestInfoUpdate(with: parameters) { completion($0.map(AdsFlowError.Cause.consentRequest)) }
    }

    /// The form is required while consent is `required`.
    public var isFormRequired: Bool { consentInfo.consentStatus == .required }

    /// Loads the consent form.
    public func loadForm(completion: @escaping @Sendable (Result<ConsentFormPresentation, AdsFlowError.Cause>) -> Void) {
        consentForms.loadForm { result in
            completion(
                result
                    .map { form in ConsentFormPresentation { done in form.present { done($0.map(AdsFlowError.Cause.consentForm)) } } }
                    .mapError(AdsFlowError.Cause.consentForm))
        }
    }

    /// Presents the privacy-options form.
    public func presentPrivacyOptions(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) {
        consentForms.presentPrivacyOptionsForm { completion($0.map(AdsFlowError.Cause.consentForm)) }
    }
}
