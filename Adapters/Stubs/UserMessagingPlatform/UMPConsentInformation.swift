// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows UMPConsentInformation.h of Google's User Messaging Platform SDK 3.1.0, as Swift sees it
// (NS_SWIFT_NAME: the `UMP` prefix dropped since 3.0.0): `ConsentInformation.shared`,
// `consentStatus`, `canRequestAds`, `formStatus`, `privacyOptionsRequirementStatus`,
// `requestConsentInfoUpdate(with:completionHandler:)`, `reset()`, and the enums `ConsentStatus`,
// `FormStatus`, `PrivacyOptionsRequirementStatus` (NSInteger, values from the header).
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps or returns a default.
import Foundation

/// Stub of `ConsentStatus` (`UMPConsentStatus`).
public enum ConsentStatus: Int, Sendable {
    case unknown = 0
    case required = 1
    case notRequired = 2
    case obtained = 3
}

/// Stub of `FormStatus` (`UMPFormStatus`).
public enum FormStatus: Int, Sendable {
    case unknown = 0
    case available = 1
    case unavailable = 2
}

/// Stub of `PrivacyOptionsRequirementStatus` (`UMPPrivacyOptionsRequirementStatus`).
public enum PrivacyOptionsRequirementStatus: Int, Sendable {
    case unknown = 0
    case required = 1
    case notRequired = 2
}

/// Stub of `ConsentInformation` (`UMPConsentInformation`).
open class ConsentInformation: NSObject {
    /// `class var shared: ConsentInformation { get }` (`sharedInstance`)
    open class var shared: ConsentInformation {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }

    /// `var consentStatus: ConsentStatus { get }`
    open var consentStatus: ConsentStatus { .unknown }

    /// `var canRequestAds: Bool { get }`
    open var canRequestAds: Bool { false }

    /// `var formStatus: FormStatus { get }`
    open var formStatus: FormStatus { .unknown }

    /// `var privacyOptionsRequirementStatus: PrivacyOptionsRequirementStatus { get }`
    open var privacyOptionsRequirementStatus: PrivacyOptionsRequirementStatus { .unknown }

    /// `func requestConsentInfoUpdate(with parameters: RequestParameters?, completionHandler handler: @escaping UMPConsentInformationUpdateCompletionHandler)`,
    /// the handler being `(NSError *_Nullable error)`.
    open func requestConsentInfoUpdate(with parameters: RequestParameters?, completionHandler handler: @escaping ((any Error)?) -> Void) {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }

    /// `func reset()`
    open func reset() {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }
}
