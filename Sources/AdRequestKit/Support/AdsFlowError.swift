/// An error the app observed in the consent and ads flow, surfaced rather than swallowed.
public struct AdsFlowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step that failed.
    public var stage: FlowStage
    /// What went wrong.
    public var cause: Cause

    /// What went wrong at a stage.
    public enum Cause: Error, Hashable, Sendable {
        /// The consent information update failed.
        case consentRequest(ConsentRequestError)
        /// Loading or presenting a form failed.
        case consentForm(ConsentFormError)
        /// Loading an ad failed.
        case adLoad(AdLoadError)
        /// The legacy consent SDK failed.
        case legacyConsent(LegacyConsentError)
        /// The callback did not come before the app's timeout.
        case noResponse
    }

    /// An error of one stage of the flow (the update, the form...), with what went wrong there.
    public init(stage: FlowStage, cause: Cause) {
        self.stage = stage
        self.cause = cause
    }

    /// The cause's name: `timeout`, `network`, `noResponse`...
    public var code: String {
        switch cause {
        case .consentRequest(let error): error.description
        case .consentForm(let error): error.description
        case .adLoad(let error): error.description
        case .legacyConsent(let error): error.description
        case .noResponse: "noResponse"
        }
    }

    /// `stage.code`, as scenario fixtures spell errors: `formLoad.timeout`.
    public var description: String { "\(stage.rawValue).\(code)" }
}
