/// Where the app-side logic reports what it decided and why (for example, the system log).
public protocol AdsEventLog: Sendable {
    /// Records one event.
    func record(_ event: AdsEvent)
}

/// A log that drops every event.
public struct SilentAdsEventLog: AdsEventLog {
    /// A log that keeps nothing: the default when a glue is not asked to report what it did.
    public init() {}
    /// Drops the event.
    public func record(_ event: AdsEvent) {}
}
