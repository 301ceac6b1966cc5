import AdRequestKit
import StandInRuntime

/// One app process's location manager, over the device's ``SimulatedLocationServices``.
///
/// Registering the change callback stands for creating the real manager: the callback comes once
/// with the current status, then on every change, each time on a later clock turn through the
/// process's `CallbackDelivery`, never inside the call that caused it.
package final class SimulatedLocationManager: LocationAuthorizer, Sendable {
    private let services: SimulatedLocationServices
    private let process: AppProcess
    private let handler = Locked<(@Sendable (LocationAuthorizationStatus) -> Void)?>(nil)

    /// Creates a manager for a process; a new process ends the previous one's temporary grants.
    package init(services: SimulatedLocationServices, process: AppProcess) {
        self.services = services
        self.process = process
        services.attach(self, process: process)
    }

    /// The status as the OS reports it now.
    package var authorizationStatus: LocationAuthorizationStatus { services.status }
    /// Precise or approximate locations.
    package var accuracyAuthorization: LocationAccuracyAuthorization { services.accuracy }

    /// Registers the change callback; the current status comes on the next turn.
    package func setAuthorizationChangeHandler(_ handler: @escaping @Sendable (LocationAuthorizationStatus) -> Void) {
        guard process.answersCalls else { return }
        self.handler.withLock { $0 = handler }
        deliver(services.status, trigger: "registration")
    }

    /// Asks for when-in-use authorization, as the OS does.
    package func requestWhenInUseAuthorization() {
        guard process.answersCalls else { return }
        services.requestWhenInUse(process: process)
    }

    /// Asks for always authorization, as the OS does.
    package func requestAlwaysAuthorization() {
        guard process.answersCalls else { return }
        services.requestAlways(process: process)
    }

    /// Asks for temporary precise location, as the OS does.
    package func requestTemporaryFullAccuracyAuthorization(
        purposeKey: String,
        completion: @escaping @Sendable (LocationAuthorizationError?) -> Void
    ) {
        guard process.answersCalls else { return }
        services.requestTemporaryFullAccuracy(process: process, purposeKey: purposeKey, completion: completion)
    }

    /// The status or accuracy changed.
    func authorizationDidChange(to status: LocationAuthorizationStatus) {
        deliver(status, trigger: "change")
    }

    private func deliver(_ status: LocationAuthorizationStatus, trigger: String) {
        guard process.answersCalls, handler.snapshot != nil else { return }
        let trace = process.trace
        process.delivery.deliver("location change callback", timing: .later(.zero)) { [handler] in
            guard let handler = handler.snapshot else { return }
            trace.record(.locationCallback, [EventField("status", status.description), EventField("trigger", trigger)])
            handler(status)
        }
    }
}
