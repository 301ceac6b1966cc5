import AdRequestKit
import Foundation
import HarnessSupport
import MockAdNetwork
import MockTrackingManager

/// An ad-supported app on a simulated device: the app-side logic of AdRequestKit wired to the
/// stand-ins, driven step by step on virtual time.
///
/// Each step (``launch()``, ``onboarding()``, ``requestAd()``...) runs the app's entry point, then
/// everything due at the current virtual instant; time moves only through ``advance(by:)`` and
/// ``runUntilIdle()``. After every step the invariants are checked, and the step throws
/// ``HarnessFailure`` on the first violation or scenario issue, so every test checks them unasked.
public final class SimulatedApp: Sendable {
    /// Virtual time.
    public let clock: VirtualClock
    /// Everything observable, in order.
    public let trace: Trace
    /// The simulated phone.
    public let device: SimulatedDevice
    /// The app's storage, shared by the app and the consent SDK; it survives relaunches.
    public let storage: InMemoryKeyValueStore
    /// The OS's location authorization for the app; it survives relaunches.
    public let location: SimulatedLocationServices
    /// The faults of the run.
    public let faults: FaultPlan
    /// The invariant checks, watching every event.
    public let invariants: InvariantChecker
    /// The ad unit every ``requestAd()`` asks for.
    public let adUnitID: String

    private let sdkSettings: ConsentSDKSettings
    private let consentSetup: ConsentSetup
    private let user: User
    private let mistakes: Set<AppMistake>
    private let configuration: AdsConfiguration
    private let state = Locked(State())
    /// What the app's callbacks record; kept apart from ``State`` so those callbacks, which the
    /// running process holds, do not hold the process in turn.
    private let records = Locked(Records())

    private struct State {
        var running: RunningApp?
        /// The running process's location helper, created when the app first asks for location.
        var locationPermission: LocationPermission?
        var locationAnswers: [PendingLocationAnswer] = []
        var processCount = 0
        var lastCrash: CrashReason?
        var checkedEvents = 0
        var reportedViolations = 0
    }

    private struct Records {
        var adRequests: [RecordedAdRequest] = []
        var adResults: [Result<LoadedAd, AdRequestFailure>] = []
        var errors: [AdsFlowError] = []
    }

    /// The objects of one running process.
    private struct RunningApp: Sendable {
        let process: AppProcess
        let tracking: SimulatedTrackingAuthorization
        let identifier: SimulatedAdvertisingIdentifier
        let adSDK: SimulatedAdSDK
        let consentProfile: any ConsentProfile
        let coordinator: AdsConsentCoordinator
        let service: AdsService
    }

    /// Sets up a device as earlier sessions left it, a scripted user, faults, and app mistakes.
    public init(
        device: Device = Device(),
        consent consentSetup: ConsentSetup = .current,
        previousSession: PreviousSession = .freshInstall,
        user: User = User(),
        faults: [Fault] = [],
        mistakes: Set<AppMistake> = [],
        configuration: AdsConfiguration = AdsConfiguration(),
        adUnitID: String = "ca-app-pub-3940256099942544/2934735716"
    ) throws(HarnessFailure) {
        if let problem = faults.lazy.compactMap(\.problem).first { throw .invalidSetup(problem) }
        let clock = VirtualClock()
        let trace = Trace(clock: clock)
        var os = device.os
        if previousSession.tracking == .restricted { os.trackingRestricted = true }
        let storedAnswer: StoredTrackingAnswer = switch previousSession.tracking {
        case .authorized: .allowed
        case .denied: .denied
        default: .none
        }
        self.clock = clock
        self.trace = trace
        self.device = SimulatedDevice(settings: os, infoPlist: device.infoPlist, storedAnswer: storedAnswer, trace: trace)
        // The previous session's leftovers are written before the trace starts: they are the setting, not events.
        let leftovers = InMemoryKeyValueStore()
        if previousSession.consent != .unknown { ConsentStorage(store: leftovers).status = previousSession.consent }
        if let flag = previousSession.shouldUseNPA { leftovers.set(flag, forKey: configuration.shouldUseNPAKey) }
        if case .legacy(let settings, _) = consentSetup {
            if previousSession.legacyConsent != .unknown {
                leftovers.set(previousSession.legacyConsent.rawValue, forKey: "legacyConsentSDK.status")
            }
            if let preference = previousSession.usePersonalizedAds { leftovers.set(preference, forKey: settings.usePersonalizedAdsKey) }
        }
        self.storage = InMemoryKeyValueStore(trace: trace, contents: leftovers.contents)
        self.location = SimulatedLocationServices(device: self.device, settings: device.location, user: user.location, trace: trace)
        self.faults = FaultPlan(faults)
        self.invariants = InvariantChecker(trace: trace)
        self.adUnitID = adUnitID
        self.sdkSettings = device.sdk
        self.consentSetup = consentSetup
        self.user = user
        self.mistakes = mistakes
        self.configuration = configuration
        trace.record("device.ready", [
            EventField("os", os.osVersion.description), EventField("region", device.sdk.region.rawValue),
            EventField("tracking", self.device.trackingStatus.description), EventField("consent", previousSession.consent.description),
        ])
    }

    // MARK: What a test asserts on

    /// The coordinator's current state, or `nil` when the app is not running.
    public var consentState: ConsentState? { state.withLock { $0.running?.coordinator.state } }
    /// Every ad request that reached the ad SDK, across processes, in order.
    public var adRequests: [RecordedAdRequest] { records.withLock { $0.adRequests } }
    /// The outcome of every ``requestAd()`` that has completed, in order.
    public var adResults: [Result<LoadedAd, AdRequestFailure>] { records.withLock { $0.adResults } }
    /// Every error the app surfaced, in order.
    public var errors: [AdsFlowError] { records.withLock { $0.errors } }
    /// Why the app last crashed, if it did.
    public var crash: CrashReason? { state.withLock { $0.lastCrash } }
    /// Whether the app is running.
    public var isRunning: Bool { state.withLock { $0.running?.process.isRunning ?? false } }
    /// The current process's coordinator, to observe it; `nil` when the app is not running.
    public var coordinator: AdsConsentCoordinator? { state.withLock { $0.running?.coordinator } }
    /// Whether the current process started the ad SDK.
    public var isAdSDKStarted: Bool { state.withLock { $0.running?.adSDK.isStarted ?? false } }
    /// How many times the OS tracking prompt was shown.
    public var trackingPrompts: Int { trace.count(of: "tracking.prompt") }
    /// How many times a consent or privacy-options form was shown.
    public var consentFormsShown: Int { trace.count(of: "consent.form.present") }
    /// Work still waiting: unanswered prompts, undelivered callbacks, pending timers.
    public var pendingWork: [PendingWork] { clock.pendingWork }
    /// The tracking status as the OS reports it now.
    public var trackingStatus: TrackingAuthorizationStatus { device.trackingStatus }
    /// The location status as the OS reports it now.
    public var locationStatus: LocationAuthorizationStatus { location.status }
    /// The answer of every ``requestLocation()``, in order; `nil` while one has not come.
    public var locationAnswers: [LocationAuthorizationStatus?] { state.withLock { $0.locationAnswers.map(\.current) } }

    // MARK: Steps

    /// Process start: creates the coordinator and service from the stored state, updates the consent
    /// information and starts the ad SDK if allowed. Shows no prompt and no form.
    public func launch() throws(HarnessFailure) {
        try step("launch", needsRunningApp: false) {
            if let running = state.withLock({ $0.running }), running.process.isRunning {
                throw HarnessFailure.scenarioIssue("launch: the app is already running; use relaunch", trace: trace.events)
            }
            let running = startProcess()
            running.service.launch()
        }
    }

    /// The first-run flow: tracking request first, then consent (the form if it is required).
    public func onboarding() throws(HarnessFailure) {
        try step("onboarding") { running in
            makeInactiveIfFaulted()
            running.service.runOnboarding()
        }
    }

    /// The app asks for tracking authorization on its own (outside onboarding).
    ///
    /// With `thenRequestAd`, the app requests an ad in the completion, as Google's sample suggests
    /// ("tracking authorization completed, start loading ads here"): the tightest spot for a stale decision.
    public func requestTracking(thenRequestAd: Bool = false) throws(HarnessFailure) {
        try step("requestTracking", detail: thenRequestAd ? "thenRequestAd" : nil) { running in
            guard let running else { return }
            makeInactiveIfFaulted()
            running.service.requestTrackingAuthorization { [weak self] _ in
                if thenRequestAd { self?.sendAdRequest(running) }
            }
        }
    }

    /// The app requests an ad; the outcome lands in ``adResults`` when it completes.
    public func requestAd() throws(HarnessFailure) {
        try step("requestAd") { sendAdRequest($0) }
    }

    /// An `appState: inactive` fault on the tracking request: the app is still inactive (launching,
    /// or behind another alert) when it asks, and stays so until the next ``foreground()``.
    private func makeInactiveIfFaulted() {
        if !faults.take(.trackingRequest, matching: { $0 == .appInactive }).isEmpty {
            device.setAppState(.inactive, reason: "fault")
        }
    }

    private func sendAdRequest(_ running: RunningApp) {
        running.service.requestAd(AdRequestBuilder(adUnitID: adUnitID)) { [records] result in
            records.withLock { $0.adResults.append(result) }
        }
    }

    /// The app asks for when-in-use location through ``LocationPermission``, creating its location
    /// manager the first time; the answer lands in ``locationAnswers``.
    ///
    /// A location prompt makes the app inactive, so a tracking request made while it is up is
    /// answered `notDetermined` with no prompt, which the service must repeat once the app is active.
    public func requestLocation() throws(HarnessFailure) {
        try step("requestLocation") { [location] running in
            let permission = state.withLock { state in
                let permission = state.locationPermission ?? LocationPermission(
                    manager: SimulatedLocationManager(services: location, process: running.process)
                )
                state.locationPermission = permission
                return permission
            }
            let answer = permission.requestWhenInUse()
            state.withLock { $0.locationAnswers.append(answer) }
        }
    }

    /// The user leaves the app, changes a location setting in the Settings app, and comes back.
    public func changeLocationSettings(_ change: LocationSettingsChange) throws(HarnessFailure) {
        try step("settings", needsRunningApp: false) { [device, location] in
            let wasRunning = isRunning
            if wasRunning { device.setAppState(.background) }
            location.change(change)
            if wasRunning { device.setAppState(.active) }
        }
    }

    /// The user opens the app's privacy-options entry point.
    public func openPrivacyOptions() throws(HarnessFailure) {
        try step("openPrivacyOptions") { $0.service.openPrivacyOptions() }
    }

    /// The app comes back to the foreground and becomes active.
    public func foreground() throws(HarnessFailure) {
        try step("foreground") { [device] _ in
            if device.appState == .active { device.setAppState(.background) }
            device.setAppState(.active)
        }
    }

    /// The user leaves the app, changes a setting in the Settings app, and comes back.
    public func changeSettings(_ change: SimulatedDevice.SettingsChange) throws(HarnessFailure) {
        try step("settings", needsRunningApp: false) { [device, trace] in
            let wasRunning = isRunning
            if wasRunning { device.setAppState(.background) }
            if let problem = device.change(change) {
                throw HarnessFailure.scenarioIssue("settings \(change): \(problem)", trace: trace.events)
            }
            if wasRunning { device.setAppState(.active) }
        }
    }

    /// The app reads the advertising identifier through the service (which checks the tracking status).
    @discardableResult
    public func readAdvertisingIdentifier() throws(HarnessFailure) -> UUID? {
        var identifier: UUID?
        try step("readAdvertisingIdentifier") { running in
            if mistakes.contains(.readsIdentifierUnchecked) {
                let value = running.identifier.advertisingIdentifier
                identifier = value.isZero ? nil : value
            } else {
                identifier = running.service.advertisingIdentifier()
            }
        }
        return identifier
    }

    /// The process ends and starts again; stored state survives.
    public func relaunch() throws(HarnessFailure) {
        try step("relaunch", needsRunningApp: false) {
            endProcess(reason: "relaunch")
            startProcess().service.launch()
        }
    }

    /// The app is deleted, installed and started again: the OS's answers and the app's storage are gone.
    public func reinstall() throws(HarnessFailure) {
        try step("reinstall", needsRunningApp: false) { [device, location, storage, trace] in
            endProcess(reason: "reinstall")
            device.reinstallApp()
            location.reinstallApp()
            storage.removeAll()
            trace.record("app.reinstall")
            startProcess().service.launch()
        }
    }

    /// Virtual time passes; work that falls due runs in order.
    public func advance(by duration: Duration) throws(HarnessFailure) {
        try step("advance", detail: duration.harnessDescription, needsRunningApp: false) { [clock] in
            clock.advance(by: duration)
        }
    }

    /// Virtual time jumps from one due time to the next until nothing that can run is left.
    public func runUntilIdle() throws(HarnessFailure) {
        try step("runUntilIdle", needsRunningApp: false) { [clock] in
            clock.runUntilIdle()
        }
    }

    // MARK: Processes

    private func startProcess() -> RunningApp {
        let number = state.withLock { state in
            state.processCount += 1
            return state.processCount
        }
        let process = AppProcess(number: number, clock: clock, trace: trace, faults: faults)
        trace.record("app.launch", [EventField("process", String(number))])
        let device = device
        let tracking = SimulatedTrackingAuthorization(device: device, process: process, user: user.trackingPrompt)
        let identifier = SimulatedAdvertisingIdentifier(device: device, trace: trace)
        let (consentProfile, signals) = makeConsent(process)
        let adSDK = SimulatedAdSDK(
            process: process,
            infoPlist: device.infoPlist,
            consent: signals,
            adLoadLatency: sdkSettings.adLoadLatency,
            trackingStatus: { device.trackingStatus },
            advertisingIdentifier: { identifier.currentValue }
        )
        let recordingSDK = RecordingAdSDK(base: adSDK) { [records] request in records.withLock { $0.adRequests.append(request) } }
        let environment = AdsEnvironment(
            tracking: tracking,
            advertisingIdentifier: identifier,
            consent: consentProfile,
            adSDK: MistakenAdSDK(base: recordingSDK, mistakes: mistakes),
            store: storage,
            clock: process.clock,
            lifecycle: device,
            log: AppLog(trace: trace) { [records] error in records.withLock { $0.errors.append(error) } }
        )
        let coordinator = AdsConsentCoordinator(environment: environment, configuration: configuration)
        let service = AdsService(
            environment: environment,
            coordinator: MistakenCoordinator(coordinator, mistakes: mistakes),
            configuration: configuration
        )
        let running = RunningApp(
            process: process, tracking: tracking, identifier: identifier,
            adSDK: adSDK, consentProfile: consentProfile, coordinator: coordinator, service: service
        )
        state.withLock { $0.running = running }
        device.setAppState(.active, reason: "launch")
        device.onDidBecomeActive { [weak service] in service?.applicationDidBecomeActive() }
        if mistakes.contains(.startsAdSDKAtLaunch) { environment.adSDK.start {} }
        return running
    }

    /// The consent SDK stand-ins of a process, as the app's profile and as the ad SDK's signals.
    private func makeConsent(_ process: AppProcess) -> (any ConsentProfile, any ConsentSignals) {
        switch consentSetup {
        case .current(let parameters):
            let info = SimulatedConsentInformation(settings: sdkSettings, storage: ConsentStorage(store: storage), process: process)
            let forms = SimulatedConsentForms(info: info, process: process, user: user.consentScript)
            return (CurrentConsentProfile(consentInfo: info, consentForms: forms, parameters: parameters), info)
        case .legacy(let settings, let sdk):
            let info = SimulatedLegacyConsentInformation(region: sdkSettings.region, settings: sdk, store: storage, process: process)
            let forms = SimulatedLegacyConsentForms(info: info, process: process, user: user.legacyConsentForm)
            return (LegacyConsentProfile(consentInfo: info, forms: forms, settings: settings, store: storage), info)
        }
    }

    private func endProcess(reason: String) {
        guard let running = state.withLock({ state in
            defer {
                state.running = nil
                state.locationPermission = nil
            }
            return state.running
        }) else { return }
        if running.process.isRunning { trace.record("app.terminate", [EventField("reason", reason)]) }
        running.process.clock.end()
        device.appTerminated()
    }

    /// Runs one step: records it, runs the body and everything due now, then checks the invariants.
    private func step(
        _ name: String,
        detail: String? = nil,
        needsRunningApp: Bool = true,
        _ body: (RunningApp?) throws -> Void
    ) throws(HarnessFailure) {
        trace.record("step", [EventField("step", name)] + (detail.map { [EventField("detail", $0)] } ?? []))
        let running = state.withLock { $0.running }
        if needsRunningApp {
            guard let running, running.process.isRunning else {
                throw .appNotRunning(step: name, reason: state.withLock { $0.lastCrash.map { "it crashed: \($0)" } ?? "not launched" })
            }
        }
        do {
            try body(running)
        } catch let failure as HarnessFailure {
            throw failure
        } catch {
            throw .scenarioIssue("\(name): \(error)", trace: trace.events)
        }
        clock.run()
        try check()
    }

    private func step(_ name: String, needsRunningApp: Bool = true, _ body: (RunningApp) throws -> Void) throws(HarnessFailure) {
        try step(name, detail: nil, needsRunningApp: needsRunningApp) { running in
            guard let running else { return }
            try body(running)
        }
    }

    private func step(_ name: String, needsRunningApp: Bool, _ body: () throws -> Void) throws(HarnessFailure) {
        try step(name, detail: nil, needsRunningApp: needsRunningApp) { _ in try body() }
    }

    private func step(_ name: String, detail: String, needsRunningApp: Bool, _ body: () throws -> Void) throws(HarnessFailure) {
        try step(name, detail: detail, needsRunningApp: needsRunningApp) { _ in try body() }
    }

    /// Notes a crash, then throws the first new invariant violation or scenario issue.
    private func check() throws(HarnessFailure) {
        let events = trace.events
        let (from, violationsSeen) = state.withLock { state in
            defer { state.checkedEvents = events.count }
            return (state.checkedEvents, state.reportedViolations)
        }
        for event in events[from...] where event.name == "app.crash" {
            state.withLock { $0.lastCrash = event["reason"].flatMap(CrashReason.init(rawValue:)) }
        }
        let violations = invariants.violations
        if violations.count > violationsSeen {
            state.withLock { $0.reportedViolations = violations.count }
            throw .invariantViolated(violations[violationsSeen])
        }
        if let issue = events[from...].first(where: { $0.name == "harness.issue" }) {
            throw .scenarioIssue(issue["issue"] ?? "unknown", trace: events)
        }
    }
}

/// The app's log: into the trace, with errors kept for assertions.
struct AppLog: AdsEventLog {
    let trace: Trace
    let onError: @Sendable (AdsFlowError) -> Void

    func record(_ event: AdsEvent) {
        if case .error(let error) = event { onError(error) }
        trace.record(event)
    }
}

/// Passes requests through to the ad SDK stand-in and keeps them across processes.
struct RecordingAdSDK: AdSDK {
    let base: SimulatedAdSDK
    let onRequest: @Sendable (RecordedAdRequest) -> Void

    func start(completion: @escaping @Sendable () -> Void) { base.start(completion: completion) }

    func loadAd(_ request: AdRequest, completion: @escaping @Sendable (Result<LoadedAd, AdLoadError>) -> Void) {
        let before = base.requests.count
        base.loadAd(request, completion: completion)
        if let recorded = base.requests.dropFirst(before).first { onRequest(recorded) }
    }
}
