/// An error of the legacy consent SDK.
///
/// The real SDK reports every error with code 1 in its own domain and tells them apart only by
/// the description; ``reason`` names each case so tests and fixtures can spell it.
public struct LegacyConsentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The real SDK's only error code.
    public static let code = 1

    /// What went wrong.
    public var reason: Reason

    /// An error for one reason, as the legacy consent SDK's port reports it.
    public init(_ reason: Reason) { self.reason = reason }

    /// The cases the real SDK describes.
    public enum Reason: String, CaseIterable, Hashable, Sendable, Codable {
        /// The consent service could not be reached.
        case network
        /// The SDK failed internally, or the service's answer was invalid.
        case `internal`
        /// Loading the form timed out.
        case timeout
        /// The form could not be loaded (the providers' setting is not live yet, for example).
        case unavailable
        /// The service does not know the publisher identifiers sent.
        case invalidPublisherIdentifiers
        /// The form was presented before it loaded.
        case notLoaded
        /// The form was presented already; forms are single-use.
        case alreadyUsed
        /// The privacy-policy address is not a valid URL, so no form can be made.
        case invalidPrivacyPolicyURL
    }

    /// The reason's name: `network`, `alreadyUsed`...
    public var description: String { reason.rawValue }
}
