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

        /// `ATTrackingManager.requestTrackingAuthorizationPreferringExpandedInterface(_:additionalInformationAction:completionHandler:)`
        /// from iOS 27.2 (the full-page sheet in the EU); the plain request on an earlier OS, which
        /// has no sheet and no Additional Information button.
        public func requestTrackingAuthorization(
            preferringExpandedInterface: Bool, additionalInformation: (@Sendable () -> Void)?,
            completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void
        ) {
            #if !os(macOS) && !os(tvOS) && !os(visionOS)
                if #available(iOS 27.2, *) {
                    ATTrackingManager.requestTrackingAuthorizationPreferringExpandedInterface(
                        preferringExpandedInterface, additionalInformationAction: additionalInformation
                    ) { status in
                        completion(TrackingAuthorizationStatus(rawValue: status.rawValue))
                    }
                    return
                }
            #endif
            requestTrackingAuthorization(completion: completion)
        }

        /// The expanded request's async form from iOS 27.2, the plain request's before.
        public func requestTrackingAuthorization(preferringExpandedInterface: Bool, additionalInformation: (@Sendable () -> Void)?) async
            -> TrackingAuthorizationStatus
        {
            #if !os(macOS) && !os(tvOS) && !os(visionOS)
                if #available(iOS 27.2, *) {
                    let status = await ATTrackingManager.requestTrackingAuthorizationPreferringExpandedInterface(
                        preferringExpandedInterface, additionalInformationAction: additionalInformation
                    )
                    return TrackingAuthorizationStatus(rawValue: status.rawValue)
                }
            #endif
            return await requestTrackingAuthorization()
        }
    }
#endif
