/// Whether the consent SDK has a consent form that can be loaded.
public struct ConsentFormStatus: OpenStatus {
    /// The SDK's raw value.
    public let rawValue: Int

    /// Creates the status for any raw value, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Not known until a consent information update has completed.
    public static let unknown = Self(rawValue: 0)
    /// A form can be loaded.
    public static let available = Self(rawValue: 1)
    /// No form is configured or needed.
    public static let unavailable = Self(rawValue: 2)

    /// The three values the SDK documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.unknown, "unknown"), (.available, "available"), (.unavailable, "unavailable"),
    ]
}
