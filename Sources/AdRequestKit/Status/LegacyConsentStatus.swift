/// The legacy consent SDK's consent status, with its raw values.
public struct LegacyConsentStatus: OpenStatus {
    /// The SDK's raw value.
    public let rawValue: Int

    /// Creates the status for any raw value, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The user has not chosen (or the ad technology providers changed since).
    public static let unknown = Self(rawValue: 0)
    /// The user chose non-personalized ads.
    public static let nonPersonalized = Self(rawValue: 1)
    /// The user chose personalized ads.
    public static let personalized = Self(rawValue: 2)

    /// The three values the SDK documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.unknown, "unknown"), (.nonPersonalized, "nonPersonalized"), (.personalized, "personalized"),
    ]
}

/// A debug geography for the legacy consent SDK, applied only on listed debug devices.
public struct LegacyDebugGeography: OpenStatus {
    /// The SDK's raw value.
    public let rawValue: Int

    /// Creates the geography for any raw value, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No override.
    public static let disabled = Self(rawValue: 0)
    /// As if in the EEA.
    public static let eea = Self(rawValue: 1)
    /// As if outside the EEA.
    public static let notEEA = Self(rawValue: 2)

    /// The three values the SDK documents.
    public static let recognized: [(value: Self, name: String)] = [(.disabled, "disabled"), (.eea, "eea"), (.notEEA, "notEEA")]
}
