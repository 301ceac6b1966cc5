import AdRequestKit

/// The consent SDK's consent-mode link to the analytics SDK in one process, and the order the two
/// SDKs started in.
///
/// The consent SDK sets the analytics consent state itself (``ConsentSDKSettings/consentModeEnabled``)
/// only when the analytics SDK was configured before the consent SDK started: its first consent
/// information update of the process. An app whose glue configures the analytics SDK itself
/// (`AnalyticsSDK.configure()`) after that loses the link for the whole process. An app whose
/// glue never configures it is taken to configure it before any of the glue's code (in the app
/// delegate's first line), the model before `configure()` existed: its link works. That the start
/// is the first update, and that a late configuration loses the link until the next launch, are
/// modelling choices: Google says only to initialize Firebase before starting the consent SDK.
package final class ConsentModeLink: Sendable {
    /// Whether the publisher turned consent mode on for the app.
    package let consentModeEnabled: Bool
    private let state = Locked(State())

    /// The order of the two SDKs in this process.
    package struct State: Hashable, Sendable {
        /// Whether the consent SDK has started (its first update of the process).
        package var consentSDKStarted = false
        /// When the glue configured the analytics SDK: `nil` until it does.
        package var configured: Configured?
    }

    /// When the glue configured the analytics SDK, relative to the consent SDK's start.
    package enum Configured: String, Hashable, Sendable {
        /// Before the consent SDK started: the link works.
        case beforeConsentSDK
        /// After it: the link does nothing in this process.
        case afterConsentSDK
    }

    /// A link for one process; `consentModeEnabled` is the publisher's setting.
    package init(consentModeEnabled: Bool) { self.consentModeEnabled = consentModeEnabled }

    /// The state now, for the explorer's comparison (constant for a glue that never configures).
    package var snapshot: State { state.snapshot }

    /// The consent SDK starts (each update calls it; only the first counts).
    package func consentSDKStarting() { state.withLock { $0.consentSDKStarted = true } }

    /// The glue configures the analytics SDK; returns whether the consent SDK had started first.
    /// Only the first configuration of a process counts, as the real SDK configures once.
    package func analyticsConfiguring() -> Bool {
        state.withLock { state in
            if state.configured == nil { state.configured = state.consentSDKStarted ? .afterConsentSDK : .beforeConsentSDK }
            return state.consentSDKStarted
        }
    }

    /// Whether the consent SDK's consent mode reaches the analytics SDK in this process.
    package var reachesAnalytics: Bool { consentModeEnabled && state.snapshot.configured != .afterConsentSDK }
}
