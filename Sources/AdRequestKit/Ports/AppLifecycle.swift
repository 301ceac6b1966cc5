/// Whether the app is in the foreground and active.
///
/// The OS shows permission prompts only to an active app, and a prompt on screen makes the app
/// inactive until it is answered. The app forwards "did become active" to ``AdsService/applicationDidBecomeActive()``.
public protocol AppLifecycle: Sendable {
    /// Whether the app is active: in the foreground with no system alert over it.
    var isActive: Bool { get }
}
