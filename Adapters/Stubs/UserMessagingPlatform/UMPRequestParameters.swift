// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows UMPRequestParameters.h of Google's User Messaging Platform SDK 3.1.0, as Swift sees it:
// `RequestParameters` (NS_SWIFT_NAME), `isTaggedForUnderAgeOfConsent` (NS_SWIFT_NAME of
// `tagForUnderAgeOfConsent`), `debugSettings` (copy, nullable) and `consentSyncID` (copy,
// nullable, new in 3.1.0).
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing.
import Foundation

/// Stub of `RequestParameters` (`UMPRequestParameters`).
open class RequestParameters: NSObject {
    /// `var isTaggedForUnderAgeOfConsent: Bool { get set }`
    open var isTaggedForUnderAgeOfConsent: Bool = false

    /// `@NSCopying var debugSettings: DebugSettings? { get set }` (no `@NSCopying` on Linux)
    open var debugSettings: DebugSettings?

    /// `var consentSyncID: String? { get set }` (UMP 3.1.0)
    open var consentSyncID: String?
}
