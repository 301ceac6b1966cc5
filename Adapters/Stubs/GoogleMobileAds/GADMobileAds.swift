// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows GADMobileAds.h and GADInitializationStatus.h of Google Mobile Ads SDK 13.12.0, as Swift
// sees them (NS_SWIFT_NAME, no `GAD` prefix since 12.0.0): `MobileAds.shared` (`sharedInstance`),
// `requestConfiguration` (readonly, nonnull), and `start(completionHandler:)`, whose
// `GADInitializationCompletionHandler` is nullable and takes a nonnull `GADInitializationStatus`.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps.
import Foundation

/// Stub of `InitializationStatus` (`GADInitializationStatus`); the adapters never read it.
open class InitializationStatus: NSObject {}

/// Stub of `MobileAds` (`GADMobileAds`).
open class MobileAds: NSObject {
    /// `class var shared: MobileAds { get }`
    open class var shared: MobileAds {
        fatalError("GoogleMobileAds stub: type-checking only")
    }

    /// `var requestConfiguration: RequestConfiguration { get }`
    open var requestConfiguration: RequestConfiguration {
        fatalError("GoogleMobileAds stub: type-checking only")
    }

    /// `func start(completionHandler: GADInitializationCompletionHandler? = nil)`
    open func start(completionHandler: ((InitializationStatus) -> Void)? = nil) {
        fatalError("GoogleMobileAds stub: type-checking only")
    }
}
