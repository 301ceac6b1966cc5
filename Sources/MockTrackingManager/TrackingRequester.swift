/// Who asks the OS for tracking authorization.
package enum TrackingRequester: String, CaseIterable, Hashable, Sendable {
    /// The app's own code.
    case app
    /// The consent SDK, after its IDFA explainer (the app never calls the request itself).
    case consentSDK
}
