import Foundation

/// The OS's advertising identifier.
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
