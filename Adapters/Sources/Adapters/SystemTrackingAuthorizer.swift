// Adapter of the TrackingAuthorizer port onto AppTrackingTransparency. Copy it into the app
// target; it builds where the framework exists, and on Linux it is type-checked against interface
// stubs (Adapters/README.md).
#if canImport(AppTrackingTransparency)
    import AdRequestKit
    import AppTrackingTransparency

    /// The OS's tracking authorization, through the port the app's consent code is written against.
    public struct SystemTrackingAuthorizer: TrackingAuthorizer {
        /// Creates the adapter; the OS object is shared.
        public init() {}

        /// `ATTrackingManager.trackingAuthorizationStatus`, re-read on every access.
        public var trackingAuthorizationStatus: TrackingAuthorizationStatus {
            TrackingAuthorizationStatus(rawValue: ATTrackingManager.trackingAuthorizationStatus.rawValue)
        }

        /// `ATTrackingManager.requestTrackingAuthorization(completionHandler:)`; the completion is passed
        /// on as the OS calls it (at once on the caller when there is no prompt, later otherwise).
        public func requestTrackingAuthorization(completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) {
            ATTrackingManager.requestTrackingAuthorization { status in
                completion(TrackingAuthorizationStatus(rawValue: status.rawValue))
            }
        }
    }
#endif
