import AdRequestKit
import MockAdNetwork

/// Which consent SDK flow the simulated app runs, and how it is set up.
public enum ConsentSetup: Hashable, Sendable {
    /// The current consent SDK, with the parameters sent on every update.
    case current(ConsentRequestParameters)
    /// The legacy consent SDK (catalogue LC1-LC9), with the app's settings and the SDK's on the device.
    case legacy(LegacyConsentSettings, sdk: LegacyConsentSDKSettings = LegacyConsentSDKSettings())

    /// The current consent SDK with default parameters.
    public static let current = ConsentSetup.current(ConsentRequestParameters())
}
