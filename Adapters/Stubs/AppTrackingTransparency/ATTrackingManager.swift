// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows Apple's ATTrackingManager documentation (AppTrackingTransparency, iOS 26 SDK):
// https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager
// `trackingAuthorizationStatus`, `AuthorizationStatus` and
// `requestTrackingAuthorization(completionHandler:)` as declared there.
// The expanded request of the iOS 27.2 SDK follows the RC1 header's Objective-C selector
// `+requestTrackingAuthorizationPreferringExpandedInterface:additionalInformationAction:completionHandler:`
// (the header diff "AppTrackingTransparency tvOS xcode27.2 rc1" of the dotnet/macios wiki, and the
// symbol the 27.2 framework binary exports), imported as Swift imports a selector with no
// NS_SWIFT_NAME: "Preferring" is no preposition, so the base name keeps it and the first label is
// `_`. Parameter types and availability as Apple's page for the first betas' spelling,
// `requestTrackingAuthorization(usingExpandedInterface:additionalInformationAction:completionHandler:)`
// (iOS, iPadOS and Mac Catalyst 27.2; the action not @Sendable, the completion @Sendable).
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

    /// `class func requestTrackingAuthorizationPreferringExpandedInterface(_ preferExpandedInterface: Bool, additionalInformationAction: (() -> Void)?, completionHandler completion: @escaping @Sendable (ATTrackingManager.AuthorizationStatus) -> Void)`
    @available(iOS 27.2, macCatalyst 27.2, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    open class func requestTrackingAuthorizationPreferringExpandedInterface(_ preferExpandedInterface: Bool, additionalInformationAction: (() -> Void)?, completionHandler completion: @escaping @Sendable (AuthorizationStatus) -> Void) {
        fatalError("AppTrackingTransparency stub: type-checking only")
    }

    /// `class func requestTrackingAuthorizationPreferringExpandedInterface(_ preferExpandedInterface: Bool, additionalInformationAction: (() -> Void)?) async -> ATTrackingManager.AuthorizationStatus`
    @available(iOS 27.2, macCatalyst 27.2, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    open class func requestTrackingAuthorizationPreferringExpandedInterface(_ preferExpandedInterface: Bool, additionalInformationAction: (() -> Void)?) async -> AuthorizationStatus {
        fatalError("AppTrackingTransparency stub: type-checking only")
    }
}
