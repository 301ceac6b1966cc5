import StandInRuntime

extension ScriptedAnswer where Answer == TrackingPromptAnswer {
    /// Taps "Allow" at once.
    public static var allow: Self { Self(.allow) }
    /// Taps "Ask App Not to Track" at once.
    public static var deny: Self { Self(.deny) }
    /// Leaves the app at once while the prompt is up: the system takes the prompt away. The user
    /// comes back with the harness's `foreground` step.
    public static var leaveApp: Self { Self(.leaveApp) }
    /// Taps the expanded sheet's Additional Information button at once (OS 27.2, EU).
    public static var additionalInformation: Self { Self(.additionalInformation) }
    /// Taps "Allow" after a delay.
    public static func allow(after delay: Duration) -> Self { Self(.allow, after: delay) }
    /// Taps "Ask App Not to Track" after a delay.
    public static func deny(after delay: Duration) -> Self { Self(.deny, after: delay) }
    /// Leaves the app after a delay while the prompt is up.
    public static func leaveApp(after delay: Duration) -> Self { Self(.leaveApp, after: delay) }
}
