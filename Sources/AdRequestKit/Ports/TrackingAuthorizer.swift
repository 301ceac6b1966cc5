/// The OS's tracking authorization: read the status, and ask the user once per install.
///
/// The real OS calls the completion at once, on the caller's thread, whenever it does not prompt
/// (restricted device, stored answer, system switch off, app not active); a prompted answer arrives
/// later on another thread. Conforming types must call the completion at most once per request.
public protocol TrackingAuthorizer: Sendable {
    /// The current status. The OS re-reads it on every access, so a Settings change shows here.
    var trackingAuthorizationStatus: TrackingAuthorizationStatus { get }

    /// Asks for authorization; prompts only the first time, only while the app is active.
    func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void)
}

extension TrackingAuthorizer {
    /// Asks for authorization and waits for the answer.
    public func requestTrackingAuthorization() async -> TrackingAuthorizationStatus {
        await withCheckedContinuation { continuation in
            requestTrackingAuthorization { continuation.resume(returning: $0) }
        }
    }
}
