/// Asks for when-in-use location authorization if it was never asked, then waits for the answer.
///
/// The answer is the first status other than `notDetermined` that the change callback reports after
/// the request. The callback that comes at registration reports `notDetermined` before the user
/// answers, so it does not end the wait. A request the OS ignores (app not active, usage text
/// missing) brings no callback, so its answer stays pending. A pending answer keeps the helper
/// alive; the manager holds the helper weakly, as a real manager holds its delegate.
///
/// ``requestWhenInUse()`` asks at once and returns a ``PendingLocationAnswer``, so a test can let
/// virtual time pass before awaiting it; ``requestWhenInUseAndWait()`` does both for app code.
public final class LocationPermission: Sendable {
    private let manager: any LocationAuthorizer
    private let waiting = Locked<[WeakPending]>([])

    /// Held weakly: an answer nobody waits for any more is let go.
    private struct WeakPending {
        weak var pending: PendingLocationAnswer?
    }

    /// Takes the manager's change callback; this is the moment the real manager would be created.
    public init(manager: any LocationAuthorizer) {
        self.manager = manager
        manager.setAuthorizationChangeHandler { [weak self] status in self?.authorizationChanged(to: status) }
    }

    /// Asks if the status is `notDetermined`; otherwise the answer is the current status, at once.
    public func requestWhenInUse() -> PendingLocationAnswer {
        let status = manager.authorizationStatus
        guard status == .notDetermined else { return PendingLocationAnswer(answer: status, asker: nil) }
        let pending = PendingLocationAnswer(answer: nil, asker: self)
        waiting.withLock { $0.append(WeakPending(pending: pending)) }
        manager.requestWhenInUseAuthorization()
        return pending
    }

    /// Asks if needed and waits for the answer.
    public func requestWhenInUseAndWait() async -> LocationAuthorizationStatus {
        await requestWhenInUse().value
    }

    private func authorizationChanged(to status: LocationAuthorizationStatus) {
        guard status != .notDetermined else { return }
        let answered = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        for pending in answered.compactMap(\.pending) { pending.resolve(status) }
    }
}
