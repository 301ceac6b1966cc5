// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows UMPDebugSettings.h of Google's User Messaging Platform SDK 3.1.0, as Swift sees it:
// `DebugSettings` and `DebugGeography` (NS_SWIFT_NAME), `testDeviceIdentifiers` (copy, nullable),
// `geography`; `notEEA` deprecated in favour of `other`.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the SDK (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing.
import Foundation

/// Stub of `DebugGeography` (`UMPDebugGeography`, NSInteger).
public enum DebugGeography: Int, Sendable {
    case disabled = 0
    case EEA = 1
    @available(*, deprecated, message: "Deprecated. Use UMPDebugGeographyOther.")
    case notEEA = 2
    case regulatedUSState = 3
    case other = 4
}

/// Stub of `DebugSettings` (`UMPDebugSettings`).
open class DebugSettings: NSObject {
    /// `var testDeviceIdentifiers: [String]? { get set }`
    open var testDeviceIdentifiers: [String]?

    /// `var geography: DebugGeography { get set }`
    open var geography: DebugGeography = .disabled
}
