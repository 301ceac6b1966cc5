/// Why loading or presenting a consent form failed, with the consent SDK's error codes (5-9).
public struct ConsentFormError: OpenStatus, Error {
    /// The SDK's error code.
    public let rawValue: Int

    /// Creates the error for any code, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The SDK failed internally.
    public static let `internal` = Self(rawValue: 5)
    /// The form was already presented once; a loaded form is single-use.
    public static let alreadyUsed = Self(rawValue: 6)
    /// No form is available (none configured, none needed, or no update in this session).
    public static let unavailable = Self(rawValue: 7)
    /// Loading the form timed out.
    public static let timeout = Self(rawValue: 8)
    /// The form cannot be presented from the given screen.
    public static let invalidViewController = Self(rawValue: 9)

    /// The five codes the SDK documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.internal, "internal"), (.alreadyUsed, "alreadyUsed"), (.unavailable, "unavailable"),
        (.timeout, "timeout"), (.invalidViewController, "invalidViewController"),
    ]
}
