/// Why a consent information update failed, with the consent SDK's error codes (1-4).
public struct ConsentRequestError: OpenStatus, Error {
    /// The SDK's error code.
    public let rawValue: Int

    /// Creates the error for any code, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The SDK failed internally.
    public static let `internal` = Self(rawValue: 1)
    /// The application identifier sent with the request is invalid.
    public static let invalidAppID = Self(rawValue: 2)
    /// The device could not reach the consent service.
    public static let network = Self(rawValue: 3)
    /// The privacy messages are misconfigured on the consent service.
    public static let misconfiguration = Self(rawValue: 4)

    /// The four codes the SDK documents.
    public static let recognized: [(value: Self, name: String)] = [
        (.internal, "internal"), (.invalidAppID, "invalidAppID"), (.network, "network"), (.misconfiguration, "misconfiguration"),
    ]
}
