import HarnessSupport

extension ScriptedAnswer where Answer == TrackingPromptAnswer {
    /// Taps "Allow" at once.
    public static var allow: Self { Self(.allow) }
    /// Taps "Ask App Not to Track" at once.
    public static var deny: Self { Self(.deny) }
    /// The prompt goes away without an answer.
    public static var dismiss: Self { Self(.dismiss) }
    /// Taps "Allow" after a delay.
    public static func allow(after delay: Duration) -> Self { Self(.allow, after: delay) }
    /// Taps "Ask App Not to Track" after a delay.
    public static func deny(after delay: Duration) -> Self { Self(.deny, after: delay) }
    /// The prompt goes away without an answer after a delay.
    public static func dismiss(after delay: Duration) -> Self { Self(.dismiss, after: delay) }
}
