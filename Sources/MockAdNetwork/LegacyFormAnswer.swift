import AdRequestKit
import StandInRuntime

/// How the scripted user answers the legacy consent form.
public enum LegacyFormAnswer: String, CaseIterable, Hashable, Sendable, Codable {
    /// Chooses personalized ads.
    case personalized
    /// Chooses non-personalized ads.
    case nonPersonalized
    /// Prefers the app's ad-free version.
    case adFree
}

/// Settings of the legacy consent SDK on the simulated device.
public struct LegacyConsentSDKSettings: Hashable, Sendable {
    /// The ad technology providers changed since the user chose: the stored choice resets to unknown.
    public var providersChanged: Bool
    /// The advertising identifier of this device, which debug settings must list to apply.
    public var deviceIdentifier: String
    /// Whether the device is a simulator: debug settings always apply on one.
    public var isSimulator: Bool

    /// Creates settings; by default the providers are unchanged, on a real device.
    public init(providersChanged: Bool = false, deviceIdentifier: String = "6D92078A-8246-4BA4-AE5B-76104861E7DC", isSimulator: Bool = false) {
        self.providersChanged = providersChanged
        self.deviceIdentifier = deviceIdentifier
        self.isSimulator = isSimulator
    }
}

extension ScriptedAnswer where Answer == LegacyFormAnswer {
    /// Chooses personalized ads at once.
    public static var personalized: Self { Self(.personalized) }
    /// Chooses non-personalized ads at once.
    public static var nonPersonalized: Self { Self(.nonPersonalized) }
    /// Prefers the ad-free version at once.
    public static var adFree: Self { Self(.adFree) }
}

extension FaultError {
    /// The legacy consent SDK's error for this fault.
    var legacyReason: LegacyConsentError.Reason {
        switch self {
        case .network: .network
        case .timeout: .timeout
        case .unavailable: .unavailable
        case .invalidAppID: .invalidPublisherIdentifiers
        case .alreadyUsed: .alreadyUsed
        default: .internal
        }
    }
}
