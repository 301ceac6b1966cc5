/// A location authorization answer that has been asked for and may not have come yet.
///
/// Awaiting ``value`` never polls or sleeps: it resumes when the change callback brings the answer,
/// so on a virtual clock it resumes exactly when the test lets the answer arrive.
public final class PendingLocationAnswer: Sendable {
    private let state: Locked<State>
    /// The helper that asked, kept alive while this answer may still come.
    private let asker: LocationPermission?

    private struct State {
        var answer: LocationAuthorizationStatus?
        var waiters: [CheckedContinuation<LocationAuthorizationStatus, Never>] = []
    }

    init(answer: LocationAuthorizationStatus?, asker: LocationPermission?) {
        state = Locked(State(answer: answer))
        self.asker = asker
    }

    /// The answer if it has come, else `nil`.
    public var current: LocationAuthorizationStatus? { state.withLock { $0.answer } }

    /// The answer, once it has come.
    public var value: LocationAuthorizationStatus {
        get async {
            await withCheckedContinuation { continuation in
                let answer = state.withLock { state -> LocationAuthorizationStatus? in
                    if state.answer == nil { state.waiters.append(continuation) }
                    return state.answer
                }
                if let answer { continuation.resume(returning: answer) }
            }
        }
    }

    /// Records the answer and resumes everyone waiting; later answers are ignored.
    func resolve(_ answer: LocationAuthorizationStatus) {
        let waiters = state.withLock { state -> [CheckedContinuation<LocationAuthorizationStatus, Never>] in
            guard state.answer == nil else { return [] }
            state.answer = answer
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: answer) }
    }
}
