// Adapter of the AdvertisingIdentifierProvider port onto AdSupport. On Linux it is type-checked
// against interface stubs (Adapters/README.md); uses DeprecatedMembers.swift.
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

        /// `ASIdentifierManager.shared().isAdvertisingTrackingEnabled`: false from OS 14 on. Deprecated
        /// since iOS 14 and read all the same, through `LegacyTrackingFlag` (DeprecatedMembers.swift):
        /// the contract checks what the OS answers.
        public var isAdvertisingTrackingEnabled: Bool {
            let manager: any LegacyTrackingFlag = ASIdentifierManager.shared()
            return manager.isAdvertisingTrackingEnabled
        }
    }
#endif
