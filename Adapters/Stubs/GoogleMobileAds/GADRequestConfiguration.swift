// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows GADRequestConfiguration.h of Google Mobile Ads SDK 13.12.0, as Swift sees it:
// `RequestConfiguration` (NS_SWIFT_NAME), `ageRestrictedTreatment` with `AgeRestrictedTreatment`
// (`GADAgeRestrictedTreatment`, NSInteger: `unspecified` 0, `child` 1, `teen` 2), and the two
// `NSNumber` tags `tagForUnderAgeOfConsent` and `tagForChildDirectedTreatment` (nullable),
// deprecated since 13.3.0 in favour of `ageRestrictedTreatment`. The deprecation message below
// paraphrases the release note; the header's own wording was not available to check.
// `coarseLocationCollectionEnabled` is named by the 13.12.0 release note ("Added the
// `coarseLocationCollectionEnabled` property to the `GADRequestConfiguration` class"); its type is
// not stated there, and is assumed a BOOL property (Swift `Bool`), unconfirmed. The publisher
// first-party ID switch, `-setPublisherFirstPartyIDEnabled:` (`setPublisherFirstPartyIDEnabled(_:)`),
// is a setter with no getter.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing.
import Foundation

/// Stub of `AgeRestrictedTreatment` (`GADAgeRestrictedTreatment`).
public enum AgeRestrictedTreatment: Int, Sendable {
    case unspecified = 0
    case child = 1
    case teen = 2
}

/// Stub of `RequestConfiguration` (`GADRequestConfiguration`).
open class RequestConfiguration: NSObject {
    /// `var ageRestrictedTreatment: AgeRestrictedTreatment { get set }` (13.3.0)
    open var ageRestrictedTreatment: AgeRestrictedTreatment = .unspecified

    /// `var tagForUnderAgeOfConsent: NSNumber? { get set }`, deprecated since 13.3.0.
    @available(*, deprecated, message: "Use ageRestrictedTreatment instead.")
    open var tagForUnderAgeOfConsent: NSNumber?

    /// `var tagForChildDirectedTreatment: NSNumber? { get set }`, deprecated since 13.3.0.
    @available(*, deprecated, message: "Use ageRestrictedTreatment instead.")
    open var tagForChildDirectedTreatment: NSNumber?

    /// `var coarseLocationCollectionEnabled: Bool { get set }` (13.12.0; type assumed, see above)
    open var coarseLocationCollectionEnabled: Bool = true

    /// `func setPublisherFirstPartyIDEnabled(_ enabled: Bool)`
    open func setPublisherFirstPartyIDEnabled(_ enabled: Bool) {
        fatalError("GoogleMobileAds stub: type-checking only")
    }
}
