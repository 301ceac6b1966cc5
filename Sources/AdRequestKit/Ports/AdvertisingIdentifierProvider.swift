import Foundation

/// The OS's advertising identifier.
///
/// Contract: the clauses of `AdvertisingIdentifierContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `identifier.zero-unless-authorized` (port-only): the identifier is all zeros unless tracking is authorized, and real when it is.
/// - `identifier.stable-across-reads` (port-only): two reads in a row give the same identifier.
/// - `identifier.legacy-flag-false` (port-only): the legacy tracking-enabled flag reads false.
/// - `identifier.zero-when-denied` (world-control): after a denial the identifier is all zeros.
/// - `identifier.real-when-authorized` (world-control): once authorized the identifier is not all zeros.
public protocol AdvertisingIdentifierProvider: Sendable {
    /// The identifier; all zeros unless the OS lets this app track the user.
    var advertisingIdentifier: UUID { get }

    /// The legacy "tracking enabled" flag that predates the tracking prompt (always false from OS 14 on).
    var isAdvertisingTrackingEnabled: Bool { get }
}

extension UUID {
    /// The all-zero identifier the OS hands out when tracking is not allowed.
    public static let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Whether this is the all-zero identifier.
    public var isZero: Bool { self == .zero }
}
