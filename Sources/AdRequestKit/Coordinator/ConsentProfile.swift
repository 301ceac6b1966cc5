/// A consent SDK flow the coordinator runs: the current consent SDK, or the legacy one.
///
/// The coordinator owns the order of the flow, the timeouts, the evaluation and the notifications;
/// a profile owns the SDK calls and how the SDK's answers map onto the decision.
public protocol ConsentProfile: Sendable {
    /// Reads the SDK now and decides for a tracking status.
    func evaluate(tracking: TrackingAuthorizationStatus) -> ConsentState
    /// Starts the SDK's consent information update.
    func requestUpdate(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void)
    /// Whether the consent form must be shown now.
    var isFormRequired: Bool { get }
    /// Loads the consent form; a loaded form can be presented once.
    func loadForm(completion: @escaping @Sendable (Result<ConsentFormPresentation, AdsFlowError.Cause>) -> Void)
    /// Shows the form behind the app's privacy-options entry point.
    func presentPrivacyOptions(completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void)
}

/// A loaded form, ready to present.
public struct ConsentFormPresentation: Sendable {
    /// Presents the form; completes when the user has answered (or it failed).
    public let present: @Sendable (_ completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) -> Void

    /// Wraps a presentation.
    public init(present: @escaping @Sendable (_ completion: @escaping @Sendable (AdsFlowError.Cause?) -> Void) -> Void) {
        self.present = present
    }
}
