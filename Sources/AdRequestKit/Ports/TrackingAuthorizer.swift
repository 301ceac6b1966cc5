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
/// - `tracking.dismissed-stays-not-determined` (world-control): a dismissed prompt answers notDetermined and leaves the status notDetermined.
public protocol TrackingAuthorizer: Sendable {
    /// The current status. The OS re-reads it on every access, so a Settings change shows here.
    var trackingAuthorizationStatus: TrackingAuthorizationStatus { get }

    /// Asks for authorization; prompts only the first time, only while the app is active.
    func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void)

    /// Asks for authorization and waits for the answer: the OS's async form of the request.
    func requestTrackingAuthorization() async -> TrackingAuthorizationStatus
}

extension TrackingAuthorizer {
    /// Waits for the completion form's answer; resuming twice traps, as the OS's async form does.
    public func requestTrackingAuthorization() async -> TrackingAuthorizationStatus {
        await withCheckedContinuation { continuation in
            requestTrackingAuthorization { continuation.resume(returning: $0) }
        }
    }
}
