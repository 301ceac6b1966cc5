import AdRequestKit
import StandInRuntime

/// The OS's location authorization for the installed app; like the device, it outlives processes.
///
/// Each process reads and asks through a ``SimulatedLocationManager``. Prompts use the device's
/// prompt counter, so a location prompt makes the app inactive and counts as another system prompt
/// for the tracking request. "Allow Once" and temporary full accuracy last while the app is in use:
/// they end when the app goes to the background or another process starts.
package final class SimulatedLocationServices: Sendable {
    let device: SimulatedDevice
    let trace: Trace
    let user: LocationUserScript
    let state: Locked<State>

    struct State {
        var settings: LocationSettings
        /// The app's own answer, kept across processes until a reinstall.
        var access: LocationAuthorizationStatus = .notDetermined
        var accuracy: LocationAccuracyAuthorization = .fullAccuracy
        /// The process whose "Allow Once" grant is current.
        var allowOnceProcess: Int?
        /// The process whose temporary full accuracy is current.
        var fullAccuracyProcess: Int?
        var provisionalAlways = false
        var alwaysRequested = false
        var managers: [ManagerReference] = []

        /// The status as the OS reports it: settings first, then the app's own answer.
        var status: LocationAuthorizationStatus {
            if settings.restricted { return .restricted }
            if !settings.servicesEnabled && settings.servicesOffReportsDenied { return .denied }
            return access
        }

        var reading: Reading { Reading(status: status, accuracy: accuracy) }
    }

    /// What the app can observe; a change of it triggers the change callback.
    struct Reading: Equatable {
        var status: LocationAuthorizationStatus
        var accuracy: LocationAccuracyAuthorization
    }

    /// A manager, held weakly: the app owns its managers.
    struct ManagerReference {
        weak var manager: SimulatedLocationManager?
    }

    /// Creates the service on a device, answered by the scripted user.
    package init(device: SimulatedDevice, settings: LocationSettings = LocationSettings(), user: LocationUserScript, trace: Trace) {
        self.device = device
        self.trace = trace
        self.user = user
        state = Locked(State(settings: settings))
        device.observeAppState { [weak self] appState in
            if appState == .background { self?.appLeftUse() }
        }
    }

    /// The status as the OS reports it now.
    package var status: LocationAuthorizationStatus { state.withLock { $0.status } }
    /// Precise or approximate locations.
    package var accuracy: LocationAccuracyAuthorization { state.withLock { $0.accuracy } }
    /// The location settings.
    package var settings: LocationSettings { state.withLock { $0.settings } }
    /// Whether the current when-in-use grant came from "Allow Once" (the real API cannot tell).
    package var isAllowOnce: Bool { state.withLock { $0.allowOnceProcess != nil } }
    /// Whether the current always grant is provisional: always asked directly, "Allow While Using" chosen.
    package var isProvisionalAlways: Bool { state.withLock { $0.provisionalAlways } }

    /// Applies a change made in the Settings app; running processes hear of it if the status or accuracy changes.
    package func change(_ change: LocationSettingsChange) {
        trace.record(.settingsChange, [EventField("change", change.description)])
        update(cause: "settings") { state in
            switch change {
            case .servicesEnabled(let on): state.settings.servicesEnabled = on
            case .restricted(let on): state.settings.restricted = on
            case .appAccess(let access):
                state.access = access
                state.allowOnceProcess = nil
                state.provisionalAlways = false
            case .preciseLocation(let on):
                state.accuracy = on ? .fullAccuracy : .reducedAccuracy
                state.fullAccuracyProcess = nil
            }
        }
    }

    /// The app is deleted and installed again: the OS forgets its answers and its always request.
    package func reinstallApp() {
        state.withLock { state in
            state = State(settings: state.settings)
        }
    }

    // MARK: Managers and callbacks

    /// A new manager: a process other than the one an "Allow Once" or temporary grant belongs to ends it.
    func attach(_ manager: SimulatedLocationManager, process: AppProcess) {
        update(cause: "newProcess") { state in
            if let owner = state.allowOnceProcess, owner != process.number {
                state.access = .notDetermined
                state.allowOnceProcess = nil
            }
            if let owner = state.fullAccuracyProcess, owner != process.number {
                state.accuracy = .reducedAccuracy
                state.fullAccuracyProcess = nil
            }
        }
        state.withLock { state in
            state.managers.removeAll { $0.manager == nil }
            state.managers.append(ManagerReference(manager: manager))
        }
    }

    /// The app went to the background: "Allow Once" and temporary full accuracy end.
    private func appLeftUse() {
        update(cause: "appLeftUse") { state in
            if state.allowOnceProcess != nil {
                state.access = .notDetermined
                state.allowOnceProcess = nil
            }
            if state.fullAccuracyProcess != nil {
                state.accuracy = .reducedAccuracy
                state.fullAccuracyProcess = nil
            }
        }
    }

    /// Applies a change; if the status or accuracy changed, records it and tells every manager.
    func update(cause: String, _ body: (inout State) -> Void) {
        let (before, after, managers) = state.withLock { state in
            let before = state.reading
            body(&state)
            return (before, state.reading, state.managers.compactMap(\.manager))
        }
        guard before != after else { return }
        trace.record(
            .locationChange,
            [
                EventField("status", after.status.description),
                EventField("accuracy", after.accuracy.description),
                EventField("cause", cause),
            ])
        for manager in managers { manager.authorizationDidChange(to: after.status) }
    }
}
