// Adapter of the AdvertisingIdentifierProvider port onto AdSupport (Linux CI only parses it).
#if canImport(AdSupport)
import AdRequestKit
import AdSupport
import Foundation

/// The OS's advertising identifier, through the port.
public struct SystemAdvertisingIdentifier: AdvertisingIdentifierProvider {
    /// Creates the adapter; the OS object is shared.
    public init() {}

    /// `ASIdentifierManager.shared().advertisingIdentifier`: all zeros unless tracking is authorized.
    public var advertisingIdentifier: UUID { ASIdentifierManager.shared().advertisingIdentifier }

    /// `ASIdentifierManager.shared().isAdvertisingTrackingEnabled`: false from OS 14 on.
    public var isAdvertisingTrackingEnabled: Bool { ASIdentifierManager.shared().isAdvertisingTrackingEnabled }
}
#endif
