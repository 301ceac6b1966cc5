// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows Apple's ATTrackingManager documentation (AppTrackingTransparency, iOS 26 SDK):
// https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager
// `trackingAuthorizationStatus`, `AuthorizationStatus` and
// `requestTrackingAuthorization(completionHandler:)` as declared there.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the framework (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps or returns a default.
import Foundation

/// Stub of `ATTrackingManager`.
@available(iOS 14, macOS 11, tvOS 14, visionOS 1, *)
open class ATTrackingManager: NSObject {
    /// Stub of `ATTrackingManager.AuthorizationStatus` (`ATTrackingManagerAuthorizationStatus`, NSUInteger).
    public enum AuthorizationStatus: UInt, Sendable {
        case notDetermined = 0
        case restricted = 1
        case denied = 2
        case authorized = 3
    }

    /// `class var trackingAuthorizationStatus: ATTrackingManager.AuthorizationStatus { get }`
    open class var trackingAuthorizationStatus: AuthorizationStatus { .notDetermined }

    /// `class func requestTrackingAuthorization(completionHandler completion: @escaping @Sendable (ATTrackingManager.AuthorizationStatus) -> Void)`
    open class func requestTrackingAuthorization(completionHandler completion: @escaping @Sendable (AuthorizationStatus) -> Void) {
        fatalError("AppTrackingTransparency stub: type-checking only")
    }
}
