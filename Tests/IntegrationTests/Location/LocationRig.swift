import AdRequestKit
import AppInfoPlist
import MockTrackingManager
import StandInRuntime

/// A ``Rig`` with location services on its device and a manager for its process whose change
/// callbacks are collected (registered at creation, as an app's delegate is).
struct LocationRig {
    let rig: Rig
    let services: SimulatedLocationServices
    let manager: SimulatedLocationManager
    let callbacks = Calls<LocationAuthorizationStatus>()

    init(
        user: LocationUserScript = LocationUserScript(),
        settings: LocationSettings = LocationSettings(),
        infoPlist: InfoPlist = .standardWithLocation,
        active: Bool = true
    ) {
        rig = Rig(infoPlist: infoPlist, active: active)
        services = SimulatedLocationServices(device: rig.device, settings: settings, user: user, trace: rig.trace)
        manager = SimulatedLocationManager(services: services, process: rig.process)
        manager.setAuthorizationChangeHandler(callbacks.record)
    }

    var clock: VirtualClock { rig.clock }
    var trace: Trace { rig.trace }
    var device: SimulatedDevice { rig.device }

    /// The `reason` of every `location.ignored` event so far.
    var ignoredReasons: [String?] { trace.events(named: .locationIgnored).map { $0["reason"] } }

    /// Asks for when-in-use and lets the scripted user answer.
    func grantWhenInUse() {
        manager.requestWhenInUseAuthorization()
        clock.run()
    }
}
