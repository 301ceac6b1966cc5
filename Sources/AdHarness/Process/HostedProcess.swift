import AdRequestKit
import MockTrackingManager
import StandInRuntime

/// One process of the app: fresh stand-ins over the world and the glue made from their ports.
///
/// Launch follows UIKit: the launch code runs while the app is still inactive, then the app becomes
/// active and the glue hears of it, as it does every time a system prompt goes away.
final class HostedProcess: Sendable {
    let standIns: ProcessStandIns
    let glue: any ConsentGlue
    private let location = Locked(Location())
    /// The form the last raw `loadForm` step of this process gave, for a later raw `presentForm`.
    let keptForm = Locked<(any LoadedConsentForm)?>(nil)

    private struct Location {
        /// The process's location helper, created when the app first asks for location.
        var permission: LocationPermission?
    }

    private init(standIns: ProcessStandIns, glue: any ConsentGlue) {
        self.standIns = standIns
        self.glue = glue
    }

    /// Starts a process: records the launch, makes the glue, runs its launch code while the app is
    /// inactive, then makes the app active (unless the launch code crashed it).
    static func launch(number: Int, in world: SimulatedWorld, glue make: (AppPorts) -> any ConsentGlue, checker: RuleChecker) -> HostedProcess {
        world.trace.record(.appLaunch, [EventField("process", String(number))])
        world.device.setAppState(.inactive, reason: "launching")
        let standIns = world.makeStandIns(processNumber: number)
        let hosted = HostedProcess(standIns: standIns, glue: make(standIns.ports))
        hosted.glue.didFinishLaunching()
        guard hosted.isRunning else { return hosted }
        world.device.onLifecycle { [weak glue = hosted.glue] event in
            switch event {
            case .didBecomeActive: glue?.didBecomeActive()
            case .didEnterBackground: glue?.didEnterBackground()
            case .willEnterForeground: glue?.willEnterForeground()
            }
        }
        world.device.setAppState(.active, reason: "launched")
        // The analytics SDK collects a session start by itself, with no call from the app.
        if world.sdkSettings.analyticsLinked { standIns.analytics.logEvent("session_start") }
        return hosted
    }

    /// Whether the process is still running (it has not crashed).
    var isRunning: Bool { standIns.process.isRunning }

    /// The location helper on this process's location manager, made on first use.
    func locationPermission(services: SimulatedLocationServices) -> LocationPermission {
        location.withLock { location in
            if let permission = location.permission { return permission }
            let permission = LocationPermission(manager: SimulatedLocationManager(services: services, process: standIns.process))
            location.permission = permission
            return permission
        }
    }

    /// Ends the process: the glue hears it is terminating, then its timers and callbacks go with it.
    func end(reason: String, in world: SimulatedWorld) {
        if isRunning {
            glue.willTerminate()
            world.trace.record(.appTerminate, [EventField("reason", reason)])
        }
        standIns.process.clock.end()
        if #available(macOS 15.0, iOS 18.0, *), let host = glue as? AsyncGlueHost { host.processEnded() }
        world.device.appTerminated()
    }
}
