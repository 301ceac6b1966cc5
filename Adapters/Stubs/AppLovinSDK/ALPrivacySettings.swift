// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows ALPrivacySettings of the AppLovin SDK as Swift sees it, the calls Google's AppLovin
// mediation guide (https://developers.google.com/admob/ios/mediation/applovin, "EU consent and
// GDPR", "US states privacy laws") tells apps to make: `ALPrivacySettings.setHasUserConsent(_:)`
// and `ALPrivacySettings.setDoNotSell(_:)`. The spelling was not checked against a stored copy of
// the header; AppLovin SDK 13 removed its age-restricted flag, so none is declared.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing.
import Foundation

/// Stub of `ALPrivacySettings`.
open class ALPrivacySettings: NSObject {
    /// `class func setHasUserConsent(_ hasUserConsent: Bool)`
    open class func setHasUserConsent(_ hasUserConsent: Bool) {
        fatalError("AppLovinSDK stub: type-checking only")
    }

    /// `class func setDoNotSell(_ doNotSell: Bool)`
    open class func setDoNotSell(_ doNotSell: Bool) {
        fatalError("AppLovinSDK stub: type-checking only")
    }
}
