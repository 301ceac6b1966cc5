/// When the first-run onboarding asks the OS for tracking, relative to the consent flow.
public enum OnboardingTrackingOrder: String, CaseIterable, Hashable, Sendable, Codable {
    /// The tracking request first, then the consent form if required (the house policy's order, catalogue R7): the default.
    case beforeConsent
    /// The consent form first, then the tracking request.
    case afterConsent
    /// The consent SDK's IDFA explainer asks the OS itself during the form flow, and the answer reaches
    /// the app only as the OS status; the app asks itself only if the status is still undecided after it.
    case consentSDK
}
