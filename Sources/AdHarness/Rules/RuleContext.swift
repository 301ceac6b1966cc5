import AdRequestKit
import StandInRuntime

/// What a rule of your own reads besides the event and its own state, read-only: the facts the
/// package's rules share, as the run left them, and the step that caused the event.
///
/// The facts come from ground truth only (what the OS and SDK stand-ins recorded): in
/// ``Rule/breaks(_:state:context:)`` as the run stood just before the event, in
/// ``Rule/update(_:after:context:)`` as the event left it.
///
/// ```swift
/// func breaks(_ event: TraceEvent, state: Bool, context: RuleContext) -> Bool {
///     event.name == .adsRequest && !context.canRequestAds   // the consent SDK did not allow it
/// }
/// ```
public struct RuleContext: Sendable {
    /// The facts, as the checker keeps them.
    let facts: RunFacts

    /// The step the finding at this event would name as its cause: the last step recorded before the
    /// event of a kind the rule lists in ``Rule/causedBy``; `nil` if none (or the rule lists none).
    public let cause: TraceEvent?

    /// The OS tracking status, as last seen.
    public var tracking: TrackingAuthorizationStatus { facts.tracking }
    /// The consent SDK's stored decision (`obtained`, `notRequired`...), as its storage holds it.
    public var storedConsent: UserConsentStatus { facts.storedConsent }
    /// Whether the consent SDK allows ad requests, as its last answer said: `false` in a process
    /// until its first consent update restores the stored decision.
    public var canRequestAds: Bool { facts.canRequestAds }
    /// Whether a consent update of this process completed without an error.
    public var consentUpdateSucceeded: Bool { facts.consentUpdateSucceeded }
    /// Whether a fault withheld a callback in this process (the app may be waiting on its own timeout).
    public var awaitingCallback: Bool { facts.awaitingCallback }
    /// Whether an ad loaded in this process.
    public var adLoadedThisProcess: Bool { facts.adLoadedThisProcess }

    init(facts: RunFacts, cause: TraceEvent? = nil) {
        self.facts = facts
        self.cause = cause
    }
}
