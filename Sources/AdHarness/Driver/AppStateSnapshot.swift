import AdRequestKit
import AppInfoPlist
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// The state of a run as far as anything that happens next can tell: the device and the OS's
/// answers, the app's storage, the consent SDK's answers, the work still waiting (due times
/// relative to now), the faults left, what the glue believes, and the checker's open debts.
///
/// The explorer treats two runs with equal snapshots as one state and explores it once. The glue's
/// memory is seen only through what it schedules, stores and believes.
package struct AppStateSnapshot: Hashable, Sendable {
    let running: Bool
    let crash: CrashReason?
    let os: OSSettings
    let storedAnswer: StoredTrackingAnswer
    let appState: AppState
    let promptOnScreen: Bool
    let location: LocationAuthorizationStatus
    let locationSettings: LocationSettings
    let storage: [String: InMemoryKeyValueStore.StoredValue]
    let pending: [PendingWork]
    let groundTruth: GroundTruth?
    let adSDKStarted: Bool
    /// When the glue configured the analytics SDK, relative to the consent SDK's start (`nil` for a
    /// glue that does not configure it).
    let analyticsConfiguration: ConsentModeLink.State?
    let believed: ConsentState?
    let unfiredFaults: [Fault: Int]
    let checker: RuleChecker.Debts
}

extension SimulatedApp {
    /// The run's state now, to compare with another run's.
    package var stateSnapshot: AppStateSnapshot {
        let now = clock.now
        return AppStateSnapshot(
            running: isRunning,
            crash: crash,
            os: world.device.settings,
            storedAnswer: world.device.storedAnswer,
            appState: world.device.appState,
            promptOnScreen: world.device.isPromptOnScreen,
            location: world.location.status,
            locationSettings: world.location.settings,
            storage: storage.contents,
            pending: clock.pendingWork.map { PendingWork(label: $0.label, due: $0.due.map { $0 - now }, kind: $0.kind) },
            groundTruth: isRunning ? groundTruth : nil,
            adSDKStarted: isRunning && isAdSDKStarted,
            analyticsConfiguration: isRunning ? runningStandIns?.analytics.configurationOrder : nil,
            believed: isRunning ? consentState : nil,
            unfiredFaults: faults.firingsLeft,
            checker: checker.debts(at: now)
        )
    }
}
