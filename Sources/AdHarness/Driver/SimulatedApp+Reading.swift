import AdRequestKit
import AppInfoPlist
import Foundation
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// What a test asserts on: the world as the run left it, what the glue believes, and the findings.
extension SimulatedApp {
    /// Virtual time.
    public var clock: VirtualClock { world.clock }
    /// Everything observable, in order.
    public var trace: Trace { world.trace }
    /// The app's storage, shared by the app and the consent SDK; it survives relaunches.
    package var storage: InMemoryKeyValueStore { world.storage }
    /// The faults of the run.
    package var faults: FaultPlan { world.faults }

    /// The last process's glue (still there after a crash), or `nil` before the first launch.
    public var glue: (any ConsentGlue)? { state.withLock { $0.running?.glue } }
    /// The last process's async glue, as made by its factory (``glue`` is then the harness's host of it).
    @available(macOS 15.0, iOS 18.0, *)
    public var asyncGlue: (any AsyncConsentGlue)? { (glue as? AsyncGlueHost)?.glue }
    /// The last process's glue as the reference glue, if that is the glue hosted.
    package var referenceGlue: ReferenceGlue? { glue as? ReferenceGlue }
    /// The last process's stand-ins, for the package's own modules; `nil` before the first launch.
    package var runningStandIns: ProcessStandIns? { state.withLock { $0.running?.standIns } }
    /// What the OS and the consent SDK report now; `nil` before the first launch.
    public var groundTruth: GroundTruth? {
        runningStandIns.map { GroundTruth(standIns: $0, tracking: world.device.trackingStatus, location: world.location.status) }
    }
    /// What the last process's glue believes, if it says; `nil` before the first launch.
    public var consentState: ConsentState? { glue?.believedState }
    /// Every ad request that reached the ad SDK, across processes, in order.
    public var adRequests: [RecordedAdRequest] { world.adRequests }
    /// The outcome of every ad request of the reference glue that has completed, across processes.
    package var adResults: [Result<LoadedAd, AdRequestFailure>] { referenceGlue?.adResults ?? [] }
    /// Why the app last crashed, if it did.
    public var crash: CrashReason? { state.withLock { $0.lastCrash } }
    /// Whether the app is running.
    package var isRunning: Bool { state.withLock { $0.running?.isRunning ?? false } }
    /// The reference glue's coordinator, to observe it; `nil` before the first launch or with another glue.
    package var coordinator: AdsConsentCoordinator? { referenceGlue?.coordinator }
    /// Whether the current process started the ad SDK.
    public var isAdSDKStarted: Bool { runningStandIns?.adSDK.isStarted ?? false }
    /// How many times the OS tracking prompt was shown in the run's own steps.
    ///
    /// The harness's tap on the privacy-options entry point at the run's end is not one of them, as
    /// a scenario's `expect.trackingPrompts` does not count it.
    public var trackingPrompts: Int { countInOwnSteps(of: .trackingPrompt) }
    /// How many times a consent or privacy-options form was shown in the run's own steps.
    ///
    /// The form the harness's end-of-run tap on the privacy-options entry point shows is not one of
    /// them, as a scenario's `expect.consentForms` does not count it.
    public var consentFormsShown: Int { countInOwnSteps(of: .consentFormPresent) }
    /// How many events of a name the run's own steps recorded: the trace without the harness's probes.
    private func countInOwnSteps(of name: TraceName) -> Int {
        let probes = probeRanges
        return trace.events.enumerated().count { index, event in event.name == name && !probes.contains { $0.contains(index) } }
    }
    /// Every finding so far, failures and warnings, in order, each with its severity (``Finding/severity``):
    /// the one list of what the rules found; ``failures`` and ``warnings`` are views of it.
    public var findings: [Finding] { checker.findings }
    /// Every warning so far: rules broken that the run's rule set reports without failing the run.
    public var warnings: [Finding] { findings.filter { $0.severity == .warning } }
    /// Every failure so far, in order (with ``stopsAtFirstFailure`` off, the run goes on past them);
    /// with ``failOn`` at `.warning`, the warnings among them too.
    public var failures: [Finding] { failing(findings) }

    /// The findings that fail the run at ``failOn``.
    private func failing(_ findings: [Finding]) -> [Finding] {
        let level = max(failOn, .warning)
        return findings.filter { $0.severity >= level }
    }
    /// Work still waiting: unanswered prompts, undelivered callbacks, pending timers.
    public var pendingWork: [PendingWork] { clock.pendingWork }
    /// The tracking status as the OS reports it now.
    public var trackingStatus: TrackingAuthorizationStatus { world.device.trackingStatus }
    /// Whether the consent SDK reports now that the app must offer its privacy options
    /// (`privacyOptionsRequirementStatus`); `nil` before the first launch and with the legacy SDK.
    public var privacyOptionsRequirement: PrivacyOptionsRequirement? {
        runningStandIns.flatMap { $0.legacyConsentInformation == nil ? $0.consentInformation.privacyOptionsRequirement : nil }
    }
    /// The location status as the OS reports it now.
    package var locationStatus: LocationAuthorizationStatus { world.location.status }
    /// The answer of every ``SimulatedApp/requestLocation(fileID:filePath:line:column:)``, in order; `nil` while one has not come.
    public var locationAnswers: [LocationAuthorizationStatus?] { state.withLock { $0.locationAnswers.map(\.current) } }
}
