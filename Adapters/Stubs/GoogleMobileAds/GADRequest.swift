// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows GADRequest.h, GADAdNetworkExtras.h and GADExtras.h of Google Mobile Ads SDK 13.12.0, as
// Swift sees them: `Request` (NS_SWIFT_NAME), `register(_:)` (`registerAdNetworkExtras:`),
// `adNetworkExtras(for:)` (`adNetworkExtrasFor:`, nullable result), the protocol
// `AdNetworkExtras`, and `Extras` with `additionalParameters` (`NSDictionary`, copy, nullable).
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps.
import Foundation

/// Stub of `AdNetworkExtras` (`GADAdNetworkExtras`).
public protocol AdNetworkExtras: NSObjectProtocol {}

/// Stub of `Extras` (`GADExtras`).
open class Extras: NSObject, AdNetworkExtras {
    /// `var additionalParameters: [AnyHashable : Any]? { get set }`
    open var additionalParameters: [AnyHashable: Any]?
}

/// Stub of `Request` (`GADRequest`).
open class Request: NSObject {
    /// `func register(_ extras: any AdNetworkExtras)`
    open func register(_ extras: any AdNetworkExtras) {
        fatalError("GoogleMobileAds stub: type-checking only")
    }

    /// `func adNetworkExtras(for aClass: any AdNetworkExtras.Type) -> (any AdNetworkExtras)?`
    open func adNetworkExtras(for aClass: any AdNetworkExtras.Type) -> (any AdNetworkExtras)? {
        fatalError("GoogleMobileAds stub: type-checking only")
    }
}
