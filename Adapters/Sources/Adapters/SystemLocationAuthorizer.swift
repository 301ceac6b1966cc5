// Adapter of the LocationAuthorizer port onto Core Location (iOS 14 or later: the instance
// `authorizationStatus`). On Linux it is type-checked against interface stubs (Adapters/README.md).
#if canImport(CoreLocation)
    import AdRequestKit
    import CoreLocation
    import Foundation

    /// The OS's location authorization, through the port. Registering the handler creates the
    /// manager, because the OS calls the delegate once when a manager is created (clause
    /// `location.handler-called-once-after-registration`).
    public final class SystemLocationAuthorizer: NSObject, LocationAuthorizer, CLLocationManagerDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var manager = CLLocationManager()
        private var handler: (@Sendable (LocationAuthorizationStatus) -> Void)?

        /// `CLLocationManager.authorizationStatus`.
        public var authorizationStatus: LocationAuthorizationStatus {
            LocationAuthorizationStatus(rawValue: current.authorizationStatus.rawValue)
        }

        /// `CLLocationManager.accuracyAuthorization`.
        public var accuracyAuthorization: LocationAccuracyAuthorization {
            LocationAccuracyAuthorization(rawValue: current.accuracyAuthorization.rawValue)
        }

        /// Creates a manager with this adapter as its delegate, on the main thread.
        public func setAuthorizationChangeHandler(_ handler: @escaping @Sendable (LocationAuthorizationStatus) -> Void) {
            DispatchQueue.main.async { [self] in
                let manager = CLLocationManager()
                lock.lock()
                self.handler = handler
                self.manager = manager
                lock.unlock()
                manager.delegate = self
            }
        }

        /// The delegate callback: passes the status on.
        public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            lock.lock()
            let handler = handler
            lock.unlock()
            handler?(LocationAuthorizationStatus(rawValue: manager.authorizationStatus.rawValue))
        }

        /// `CLLocationManager.requestWhenInUseAuthorization()`.
        public func requestWhenInUseAuthorization() { current.requestWhenInUseAuthorization() }

        /// `CLLocationManager.requestAlwaysAuthorization()`.
        public func requestAlwaysAuthorization() { current.requestAlwaysAuthorization() }

        /// `CLLocationManager.requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`; the OS
        /// gives one error code for every refusal, reported here as not authorized.
        public func requestTemporaryFullAccuracyAuthorization(purposeKey: String, completion: @escaping @Sendable (LocationAuthorizationError?) -> Void) {
            current.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { error in
                completion(error == nil ? nil : LocationAuthorizationError(.notAuthorized))
            }
        }

        private var current: CLLocationManager {
            lock.lock()
            defer { lock.unlock() }
            return manager
        }
    }
#endif
