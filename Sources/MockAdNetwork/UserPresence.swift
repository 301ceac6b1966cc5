/// Whether the user is in the app, as the consent SDK's forms need to know: a form is part of the
/// app's screen, so a user who left the app cannot answer it until they come back.
///
/// Closures, so that this module needs no OS stand-in: the harness wires them to the device's app state.
package struct UserPresence: Sendable {
    /// Whether the app is in the background: the user is away from it.
    package var isAway: @Sendable () -> Bool
    /// Calls `action` once, the next time the app becomes active.
    package var onReturn: @Sendable (_ action: @escaping @Sendable () -> Void) -> Void

    /// Wires the forms to the device's app state.
    package init(isAway: @escaping @Sendable () -> Bool, onReturn: @escaping @Sendable (_ action: @escaping @Sendable () -> Void) -> Void) {
        self.isAway = isAway
        self.onReturn = onReturn
    }
}
