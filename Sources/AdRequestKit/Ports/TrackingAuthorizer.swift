/// The OS's tracking authorization: read the status, and ask the user once per install.
///
/// The real OS calls the completion at once, on the caller's thread, whenever it does not prompt
/// (restricted device, stored answer, system switch off, app not active); a prompted answer arrives
/// later on another thread. Conforming types must call the completion at most once per request.
///
/// Contract: the clauses of `TrackingAuthorizerContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `tracking.not-determined-until-asked` (world-control): an app that never asked reads notDetermined.
/// - `tracking.prompted-answer-later-once` (world-control): a prompted answer arrives after the call, exactly once, and the status then reads it.
/// - `tracking.decided-answered-at-once` (port-only): a decided status is answered at once with that status, with no prompt, exactly once.
/// - `tracking.inactive-app-not-determined-at-once` (world-control): an app that is not active gets notDetermined at once, with no prompt.
/// - `tracking.restricted-at-once` (world-control): a restricted device answers restricted at once, with no prompt.
/// - `tracking.left-app-stays-not-determined` (world-control): a prompt the system takes away when the user leaves the app answers notDetermined and leaves the status notDetermined.
public protocol TrackingAuthorizer: Sendable {
    /// The current status. The OS re-reads it on every access, so a Settings change shows here.
    var trackingAuthorizationStatus: TrackingAuthorizationStatus { get }

    /// Asks for authorization; prompts only the first time, only while the app is active.
    func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void)

    /// Asks for authorization and waits for the answer: the OS's async form of the request.
    func requestTrackingAuthorization() async -> TrackingAuthorizationStatus

    /// Asks for authorization preferring the expanded interface: from OS 27.2, in the EU, a
    /// full-page sheet whose Additional Information button runs `additionalInformation` and
    /// completes with the status unchanged (`notDetermined` on a first ask).
    ///
    /// The sheet shows in five EU countries whatever `preferringExpandedInterface` says, elsewhere in
    /// the EU only when it is true; outside the EU, or before 27.2, this is the plain request.
    func requestTrackingAuthorization(
        preferringExpandedInterface: Bool, additionalInformation: (@Sendable () -> Void)?,
        completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void
    )

    /// The expanded request's async form: waits for the answer.
    func requestTrackingAuthorization(preferringExpandedInterface: Bool, additionalInformation: (@Sendable () -> Void)?) async
        -> TrackingAuthorizationStatus
}

extension TrackingAuthorizer {
    /// Waits for the completion form's answer; resuming twice traps, as the OS's async form does.
    public func requestTrackingAuthorization() async -> TrackingAuthorizationStatus {
        await withCheckedContinuation { continuation in
            requestTrackingAuthorization { continuation.resume(returning: $0) }
        }
    }

    /// The plain request: what an OS before 27.2, or an adapter for an older SDK, offers.
    public func requestTrackingAuthorization(
        preferringExpandedInterface: Bool, additionalInformation: (@Sendable () -> Void)?,
        completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void
    ) {
        requestTrackingAuthorization(completion: completion)
    }

    /// Waits for the expanded request's completion; resuming twice traps, as the OS's async form does.
    public func requestTrackingAuthorization(preferringExpandedInterface: Bool, additionalInformation: (@Sendable () -> Void)?) async
        -> TrackingAuthorizationStatus
    {
        await withCheckedContinuation { continuation in
            requestTrackingAuthorization(preferringExpandedInterface: preferringExpandedInterface, additionalInformation: additionalInformation) {
                continuation.resume(returning: $0)
            }
        }
    }
}
