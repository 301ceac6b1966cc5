/// Why the ad SDK failed to present a full-screen ad, with the ad SDK's presentation error codes.
public struct AdPresentationError: OpenStatus, Error {
    /// The SDK's error code.
    public let rawValue: Int

    /// Creates the error for any code, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The ad is not ready to be shown: not loaded, or not a full-screen format.
    public static let adNotReady = Self(rawValue: 15)
    /// The SDK failed internally.
    public static let `internal` = Self(rawValue: 17)
    /// The ad was presented already: a full-screen ad shows once.
    public static let adAlreadyUsed = Self(rawValue: 18)

    /// The codes this harness models; the SDK documents more.
    public static let recognized: [(value: Self, name: String)] = [
        (.adNotReady, "adNotReady"), (.internal, "internal"), (.adAlreadyUsed, "adAlreadyUsed"),
    ]
}
