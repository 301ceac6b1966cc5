/// What the ads service needs from the consent coordinator; ``AdsConsentCoordinator`` is the implementation.
public protocol ConsentCoordinating: AnyObject, Sendable {
    /// The last evaluated state.
    var state: ConsentState { get }

    /// Reads both inputs now and returns the decision for this moment, logging it if it changed.
    ///
    /// Every decision that leaves the app (an ad request, starting the ad SDK) uses this, never a
    /// state cached earlier: an answer that came late, or a change made in Settings, counts at once.
    func currentState(trigger: EvaluationTrigger) -> ConsentState

    /// Updates the consent information (as the consent SDK asks at every launch), without showing a form.
    func updateConsentInfo(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void)

    /// Updates the consent information if this session has not, then shows the consent form if it is required.
    func requestConsentIfNeeded(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void)

    /// Re-evaluates both inputs now and notifies observers; returns the new state.
    @discardableResult
    func refreshConsentStatus(trigger: EvaluationTrigger) -> ConsentState

    /// Shows the privacy-options form and re-evaluates with the same logic.
    func presentPrivacyOptions(completion: @escaping @Sendable (ConsentFlowOutcome) -> Void)
}

extension ConsentCoordinating {
    /// Re-evaluates both inputs now and notifies observers.
    @discardableResult
    public func refreshConsentStatus() -> ConsentState { refreshConsentStatus(trigger: .refresh) }
}

/// What a step of the consent flow ended with: the state the app now uses, and the error it surfaced.
public struct ConsentFlowOutcome: Hashable, Sendable {
    /// The state after the step.
    public var state: ConsentState
    /// The error the step surfaced, if any; the app keeps working with ``state`` either way.
    public var error: AdsFlowError?

    /// The state a step left, and its error if the step failed: a failed step still reports the state it read.
    public init(state: ConsentState, error: AdsFlowError? = nil) {
        self.state = state
        self.error = error
    }
}

/// Told about every evaluation of the coordinator.
public protocol AdsConsentCoordinatorDelegate: AnyObject, Sendable {
    /// The coordinator evaluated the decision table; `state` holds both statuses and both outputs.
    func consentCoordinator(_ coordinator: AdsConsentCoordinator, didUpdate state: ConsentState)
}
