/// Why a temporary full-accuracy request showed no prompt.
///
/// The real OS reports every case as one error code (`CLError.Code.promptDeclined`); the reason
/// names each case so that tests and logs can tell them apart. A prompt the user answered, either
/// way, completes with no error: the app reads the accuracy to learn the answer.
public struct LocationAuthorizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why no prompt was shown.
    public var reason: Reason

    /// An error for one reason, as a location authorizer port throws it.
    public init(_ reason: Reason) { self.reason = reason }

    /// The cases the real OS folds into one error code.
    public enum Reason: String, CaseIterable, Hashable, Sendable, Codable {
        /// The purpose key is not in the Info.plist's `NSLocationTemporaryUsageDescriptionDictionary`.
        case missingPurposeKey
        /// The app has no location authorization to make precise.
        case notAuthorized
        /// Accuracy is already full.
        case alreadyFullAccuracy
        /// The app is not active.
        case appNotActive
    }

    /// The reason's name.
    public var description: String { reason.rawValue }
}
