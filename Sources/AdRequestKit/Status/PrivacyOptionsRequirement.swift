/// Whether the app must offer an entry point (a button in its settings) to the privacy-options form.
public struct PrivacyOptionsRequirement: OpenStatus {
    /// The SDK's raw value.
    public let rawValue: Int

    /// Creates the status for any raw value, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Not known until a consent information update has completed.
    public static let unknown = Self(rawValue: 0)
    /// The app must show the entry point.
    public static let required = Self(rawValue: 1)
    /// No entry point is needed.
    public static let notRequired = Self(rawValue: 2)

    /// The three values the SDK documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.unknown, "unknown"), (.required, "required"), (.notRequired, "notRequired"),
    ]
}
