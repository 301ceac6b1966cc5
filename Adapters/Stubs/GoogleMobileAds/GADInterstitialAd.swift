// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows GADInterstitialAd.h and GADResponseInfo.h of Google Mobile Ads SDK 13.12.0, as Swift
// sees them: `InterstitialAd.load(with:request:completionHandler:)` (NS_SWIFT_NAME; the request
// nullable, the `GADInterstitialAdLoadCompletionHandler` taking a nullable ad and a nullable
// error), `responseInfo` (nonnull) and `ResponseInfo.responseIdentifier` (nullable).
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps.
import Foundation

/// Stub of `ResponseInfo` (`GADResponseInfo`).
open class ResponseInfo: NSObject {
    /// `var responseIdentifier: String? { get }`
    open var responseIdentifier: String? { nil }
}

/// Stub of `InterstitialAd` (`GADInterstitialAd`).
open class InterstitialAd: NSObject {
    /// `var responseInfo: ResponseInfo { get }`
    open var responseInfo: ResponseInfo {
        fatalError("GoogleMobileAds stub: type-checking only")
    }

    /// `class func load(with adUnitID: String, request: Request?, completionHandler: @escaping GADInterstitialAdLoadCompletionHandler)`
    open class func load(with adUnitID: String, request: Request?, completionHandler: @escaping (InterstitialAd?, (any Error)?) -> Void) {
        fatalError("GoogleMobileAds stub: type-checking only")
    }
}
