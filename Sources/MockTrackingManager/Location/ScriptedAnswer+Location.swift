import StandInRuntime

extension ScriptedAnswer where Answer == LocationPromptAnswer {
    /// Taps "Allow While Using App" at once.
    public static var allowWhileUsing: Self { Self(.allowWhileUsing) }
    /// Taps "Allow Once" at once.
    public static var allowOnce: Self { Self(.allowOnce) }
    /// Taps "Don't Allow" at once.
    public static var dontAllow: Self { Self(.dontAllow) }
    /// Taps "Allow While Using App" after a delay.
    public static func allowWhileUsing(after delay: Duration) -> Self { Self(.allowWhileUsing, after: delay) }
    /// Taps "Allow Once" after a delay.
    public static func allowOnce(after delay: Duration) -> Self { Self(.allowOnce, after: delay) }
    /// Taps "Don't Allow" after a delay.
    public static func dontAllow(after delay: Duration) -> Self { Self(.dontAllow, after: delay) }
}

extension ScriptedAnswer where Answer == AlwaysPromptAnswer {
    /// Taps "Keep Only While Using" at once.
    public static var keepWhileUsing: Self { Self(.keepWhileUsing) }
    /// Taps "Change to Always Allow" at once.
    public static var changeToAlways: Self { Self(.changeToAlways) }
}
