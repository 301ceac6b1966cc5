// swift-format-ignore-file
// (a mechanical port of another codebase, or of a framework header: kept in its own layout, so it compares line by line with its source)
// Follows Apple's CLLocationManager and CLLocationManagerDelegate documentation (Core Location,
// iOS 26 SDK): https://developer.apple.com/documentation/corelocation/cllocationmanager
// The instance properties `authorizationStatus` and `accuracyAuthorization` (iOS 14),
// `requestWhenInUseAuthorization()`, `requestAlwaysAuthorization()`,
// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`, `delegate`, and the
// delegate's `locationManagerDidChangeAuthorization(_:)`.
//
// A STUB FOR TYPE-CHECKING ONLY, built on Linux in place of the framework (see Adapters/Package.swift).
// It declares only what the adapters use and does nothing: every body traps or returns a default.
import Foundation

/// Stub of `CLAuthorizationStatus` (`typedef NS_ENUM(int, CLAuthorizationStatus)`, hence `Int32`).
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

/// Stub of `CLAccuracyAuthorization` (NSInteger).
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// Stub of `CLLocationManagerDelegate`. The real requirement is `@objc optional`; Linux has no
/// Objective-C runtime, so here it is a requirement with an empty default.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// `optional func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)` (iOS 14)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
}

extension CLLocationManagerDelegate {
    /// Stands for the requirement being optional.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
}

/// Stub of `CLLocationManager`.
open class CLLocationManager: NSObject {
    /// `weak var delegate: (any CLLocationManagerDelegate)? { get set }`
    open weak var delegate: (any CLLocationManagerDelegate)?

    /// `var authorizationStatus: CLAuthorizationStatus { get }` (iOS 14)
    open var authorizationStatus: CLAuthorizationStatus { .notDetermined }

    /// `var accuracyAuthorization: CLAccuracyAuthorization { get }` (iOS 14)
    open var accuracyAuthorization: CLAccuracyAuthorization { .reducedAccuracy }

    /// `func requestWhenInUseAuthorization()`
    open func requestWhenInUseAuthorization() {
        fatalError("CoreLocation stub: type-checking only")
    }

    /// `func requestAlwaysAuthorization()`
    open func requestAlwaysAuthorization() {
        fatalError("CoreLocation stub: type-checking only")
    }

    /// `func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil)` (iOS 14)
    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        fatalError("CoreLocation stub: type-checking only")
    }
}
