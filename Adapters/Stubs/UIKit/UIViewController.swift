// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows Apple's UIViewController documentation (UIKit, iOS 26 SDK):
// https://developer.apple.com/documentation/uikit/uiviewcontroller
// `@MainActor class UIViewController : UIResponder`: the adapters only pass one around.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the framework (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing.
import Foundation

/// Stub of `UIResponder`, the superclass of `UIViewController`.
@MainActor
open class UIResponder: NSObject {}

/// Stub of `UIViewController`.
@MainActor
open class UIViewController: UIResponder {}
