/// The OS's location authorization: the status, the accuracy, the requests and the change callback.
///
/// Maps onto `CLLocationManager` and its delegate's `locationManagerDidChangeAuthorization(_:)`.
/// Requests return nothing: an answer arrives only through the change callback. A request the OS
/// ignores (already decided, app not active, usage text missing) changes nothing, so no callback comes.
///
/// Contract: the clauses of `LocationAuthorizerContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `location.handler-called-once-after-registration` (port-only): registering the change handler calls it once with the current status, after the registration returns.
/// - `location.request-ignored-once-decided` (port-only): once decided, a when-in-use request changes nothing and calls nothing.
/// - `location.temporary-accuracy-unlisted-purpose-errors` (port-only): a temporary full-accuracy request for a purpose the Info.plist does not list completes once with an error.
/// - `location.request-ignored-while-not-active` (world-control): a when-in-use request from an app that is not active changes nothing and calls nothing.
/// - `location.answer-calls-back` (world-control): the user's answer to the prompt reaches the handler and the status.
public protocol LocationAuthorizer: Sendable {
    /// The current status.
    var authorizationStatus: LocationAuthorizationStatus { get }
    /// Precise or approximate locations.
    var accuracyAuthorization: LocationAccuracyAuthorization { get }

    /// Registers the change callback, replacing any earlier one.
    ///
    /// Registering stands for creating the real manager: the callback comes once with the current
    /// status, then on every change of the status or the accuracy, always on a later turn.
    func setAuthorizationChangeHandler(_ handler: @escaping @Sendable (LocationAuthorizationStatus) -> Void)

    /// Asks for when-in-use authorization; does nothing unless `notDetermined` and the app is active.
    func requestWhenInUseAuthorization()

    /// Asks for always authorization; the OS acts on this once per install.
    func requestAlwaysAuthorization()

    /// Asks for precise locations for a while, for a purpose listed in the Info.plist.
    ///
    /// The completion gets an error when no prompt was shown, and `nil` once the user answered.
    func requestTemporaryFullAccuracyAuthorization(
        purposeKey: String,
        completion: @escaping @Sendable (LocationAuthorizationError?) -> Void
    )
}

extension LocationAuthorizer {
    /// Asks for precise locations for a while and waits until the user answered or no prompt showed.
    public func requestTemporaryFullAccuracyAuthorization(purposeKey: String) async throws(LocationAuthorizationError) {
        let error = await withCheckedContinuation { continuation in
            requestTemporaryFullAccuracyAuthorization(purposeKey: purposeKey) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }
}
