/// A step of the consent and ads flow that waits on an outside callback.
///
/// The names match the fault targets of scenario fixtures, so an error reads `formLoad.timeout`.
public enum FlowStage: String, CaseIterable, Hashable, Sendable, Codable {
    /// The OS tracking authorization request.
    case trackingRequest
    /// The consent information update.
    case consentInfoUpdate
    /// Loading the consent form.
    case formLoad
    /// Presenting the consent form until the user answers.
    case formPresent
    /// Presenting the privacy-options form.
    case privacyOptions
    /// Starting the ad SDK.
    case adStart
    /// Loading an ad.
    case adLoad
}
