/// Why the ad SDK failed to load an ad, with the ad SDK's error codes.
public struct AdLoadError: OpenStatus, Error {
    /// The SDK's error code.
    public let rawValue: Int

    /// Creates the error for any code, known or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The request was invalid (for example, no ad unit).
    public static let invalidRequest = Self(rawValue: 0)
    /// The request succeeded but no ad was available.
    public static let noFill = Self(rawValue: 1)
    /// The device could not reach the ad server.
    public static let network = Self(rawValue: 2)
    /// The ad server answered with an error.
    public static let server = Self(rawValue: 3)
    /// The device's OS is below the SDK's minimum: deprecated in GMA 13.1.0, whose minimum
    /// deployment target is the minimum OS that receives ads.
    public static let osVersionTooLow = Self(rawValue: 4)
    /// The request timed out (before GMA 13.0.0 some timeouts came back as ``invalidRequest``).
    public static let timeout = Self(rawValue: 5)
    /// The SDK failed internally.
    public static let `internal` = Self(rawValue: 11)
    /// The SDK was started without an application identifier.
    public static let applicationIdentifierMissing = Self(rawValue: 20)

    /// The codes this harness models; the SDK documents more.
    public static let recognized: [(value: Self, name: String)] = [
        (.invalidRequest, "invalidRequest"), (.noFill, "noFill"), (.network, "network"), (.server, "server"),
        (.osVersionTooLow, "osVersionTooLow"), (.timeout, "timeout"), (.internal, "internal"), (.applicationIdentifierMissing, "applicationIdentifierMissing"),
    ]
}
