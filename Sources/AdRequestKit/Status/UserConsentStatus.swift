/// The consent SDK's view of the user's consent for this app's privacy messages.
///
/// Raw values are the consent SDK's own on iOS. Not named `ConsentStatus`, so an adapter file can
/// import the real SDK, whose Swift name that is, without ambiguity.
public struct UserConsentStatus: OpenStatus {
    /// The SDK's raw value.
    public let rawValue: Int

    /// Creates the status for any raw value, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Not known yet: no consent information update has completed in this install.
    public static let unknown = Self(rawValue: 0)
    /// Consent is required and not obtained yet: the consent form must be shown.
    public static let required = Self(rawValue: 1)
    /// No consent is required where the user is.
    public static let notRequired = Self(rawValue: 2)
    /// The user answered the consent form (which says nothing about what they chose).
    public static let obtained = Self(rawValue: 3)

    /// The four values the SDK documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.unknown, "unknown"), (.required, "required"), (.notRequired, "notRequired"), (.obtained, "obtained"),
    ]
}
