// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows UMPConsentForm.h of Google's User Messaging Platform SDK 3.1.0, as Swift sees it:
// `ConsentForm` with the NS_SWIFT_NAMEs `load(with:)`,
// `loadAndPresentIfRequired(from:completionHandler:)`,
// `presentPrivacyOptionsForm(from:completionHandler:)` and `present(from:completionHandler:)`; the
// view controllers are nullable (the SDK then uses the main window's top one); `init` unavailable.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps.
import Foundation
import UIKit

/// Stub of `ConsentForm` (`UMPConsentForm`), a single-use form.
open class ConsentForm: NSObject {
    /// `init` is `NS_UNAVAILABLE`: forms come from `load(with:)`.
    @available(*, unavailable)
    public override init() {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }

    /// `class func load(with completionHandler: @escaping UMPConsentFormLoadCompletionHandler)`,
    /// the handler being `(UMPConsentForm *_Nullable consentForm, NSError *_Nullable error)`.
    open class func load(with completionHandler: @escaping (ConsentForm?, (any Error)?) -> Void) {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }

    /// `class func loadAndPresentIfRequired(from viewController: UIViewController?, completionHandler: UMPConsentFormPresentCompletionHandler?)`
    open class func loadAndPresentIfRequired(from viewController: UIViewController?, completionHandler: (((any Error)?) -> Void)?) {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }

    /// `class func presentPrivacyOptionsForm(from viewController: UIViewController?, completionHandler: UMPConsentFormPresentCompletionHandler?)`
    open class func presentPrivacyOptionsForm(from viewController: UIViewController?, completionHandler: (((any Error)?) -> Void)?) {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }

    /// `func present(from viewController: UIViewController?, completionHandler: UMPConsentFormPresentCompletionHandler?)`
    open func present(from viewController: UIViewController?, completionHandler: (((any Error)?) -> Void)?) {
        fatalError("UserMessagingPlatform stub: type-checking only")
    }
}
