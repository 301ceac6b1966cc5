// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows Apple's ASIdentifierManager documentation (AdSupport, iOS 26 SDK):
// https://developer.apple.com/documentation/adsupport/asidentifiermanager
// `shared()`, `advertisingIdentifier`, and `isAdvertisingTrackingEnabled`, deprecated since iOS 14
// (`API_DEPRECATED(..., ios(6.0, 14.0), ...)` in ASIdentifierManager.h).
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the framework (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps or returns a default.
import Foundation

/// Stub of `ASIdentifierManager`.
open class ASIdentifierManager: NSObject {
    /// `class func shared() -> ASIdentifierManager`
    open class func shared() -> ASIdentifierManager {
        fatalError("AdSupport stub: type-checking only")
    }

    /// `var advertisingIdentifier: UUID { get }`
    open var advertisingIdentifier: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }

    /// `var isAdvertisingTrackingEnabled: Bool { get }`, deprecated in iOS 14.0. The real attribute
    /// names iOS (and macOS, tvOS), which Linux would ignore; it is spelled for every platform here
    /// so that the Linux check warns where an iOS build does.
    @available(*, deprecated, message: "This has been replaced by functionality in AppTrackingTransparency's ATTrackingManager class.")
    open var isAdvertisingTrackingEnabled: Bool { false }
}
