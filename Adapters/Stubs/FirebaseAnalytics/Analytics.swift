// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows Firebase's FIRAnalytics+Consent.h and FIRAnalytics.h as Swift sees them
// (https://firebase.google.com/docs/reference/swift/firebaseanalytics/api/reference/Classes/Analytics,
// and the Swift samples of https://developers.google.com/tag-platform/security/guides/app-consent):
// `Analytics.setConsent(_:)` taking `[ConsentType: ConsentStatus]`, the `NS_TYPED_ENUM` string
// constants `ConsentType.analyticsStorage`, `.adStorage`, `.adUserData`, `.adPersonalization`
// (raw values `analytics_storage`, `ad_storage`, `ad_user_data`, `ad_personalization`) and
// `ConsentStatus.granted`, `.denied`, `Analytics.logEvent(_:parameters:)`,
// `Analytics.setAnalyticsCollectionEnabled(_:)` and `Analytics.setUserProperty(_:forName:)`.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing.
import Foundation

/// Stub of `ConsentType` (`FIRConsentType`, an `NS_TYPED_ENUM` of strings).
public struct ConsentType: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let analyticsStorage = ConsentType(rawValue: "analytics_storage")
    public static let adStorage = ConsentType(rawValue: "ad_storage")
    public static let adUserData = ConsentType(rawValue: "ad_user_data")
    public static let adPersonalization = ConsentType(rawValue: "ad_personalization")
}

/// Stub of `ConsentStatus` (`FIRConsentStatus`, an `NS_TYPED_ENUM` of strings).
public struct ConsentStatus: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let granted = ConsentStatus(rawValue: "granted")
    public static let denied = ConsentStatus(rawValue: "denied")
}

/// Stub of `Analytics` (`FIRAnalytics`).
open class Analytics: NSObject {
    /// `class func setConsent(_ consentSettings: [ConsentType: ConsentStatus])`
    open class func setConsent(_ consentSettings: [ConsentType: ConsentStatus]) {
        fatalError("FirebaseAnalytics stub: type-checking only")
    }

    /// `class func setAnalyticsCollectionEnabled(_ analyticsCollectionEnabled: Bool)`
    open class func setAnalyticsCollectionEnabled(_ analyticsCollectionEnabled: Bool) {
        fatalError("FirebaseAnalytics stub: type-checking only")
    }

    /// `class func setUserProperty(_ value: String?, forName name: String)`
    open class func setUserProperty(_ value: String?, forName name: String) {
        fatalError("FirebaseAnalytics stub: type-checking only")
    }

    /// `class func logEvent(_ name: String, parameters: [String: Any]?)`
    open class func logEvent(_ name: String, parameters: [String: Any]?) {
        fatalError("FirebaseAnalytics stub: type-checking only")
    }
}
