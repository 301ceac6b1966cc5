import AdRequestKit

/// The OS tracking authorization as the consent SDK reaches it for the IDFA explainer: it reads the
/// status, and asks for authorization itself once the explainer is shown.
///
/// Closures, so that this module needs no OS stand-in: the harness wires them to the device's.
package struct ConsentSDKTracking: Sendable {
    /// The OS tracking status now.
    package var status: @Sendable () -> TrackingAuthorizationStatus
    /// Asks the OS for tracking authorization on the consent SDK's behalf.
    package var request: @Sendable (_ completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) -> Void

    /// Wires the consent SDK to the OS's tracking authorization.
    package init(
        status: @escaping @Sendable () -> TrackingAuthorizationStatus,
        request: @escaping @Sendable (_ completion: @escaping @Sendable (TrackingAuthorizationStatus) -> Void) -> Void
    ) {
        self.status = status
        self.request = request
    }
}
