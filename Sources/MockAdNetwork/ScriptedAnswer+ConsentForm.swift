import StandInRuntime

extension ScriptedAnswer where Answer == ConsentFormAnswer {
    /// Consents to everything at once.
    public static var acceptAll: Self { Self(.acceptAll) }
    /// Refuses everything at once.
    public static var rejectAll: Self { Self(.rejectAll) }
    /// Closes the form without answering.
    public static var dismiss: Self { Self(.dismiss) }
    /// Consents to everything after a delay.
    public static func acceptAll(after delay: Duration) -> Self { Self(.acceptAll, after: delay) }
    /// Refuses everything after a delay.
    public static func rejectAll(after delay: Duration) -> Self { Self(.rejectAll, after: delay) }
    /// Closes the form without answering after a delay.
    public static func dismiss(after delay: Duration) -> Self { Self(.dismiss, after: delay) }
}
