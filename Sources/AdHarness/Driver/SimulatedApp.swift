import AdRequestKit
import AppInfoPlist
import Foundation
import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// An ad-supported app on a simulated device, driven step by step on virtual time: the driver.
///
/// It hosts any glue (``GlueFactory``; by default the package's reference glue), makes a fresh one
/// for each process over the same simulated world (device, user, stores), and calls the glue's entry points where a real
/// app's system would. Each step (``launch(fileID:filePath:line:column:)``, ``onboarding(fileID:filePath:line:column:)``, ``requestAd(fileID:filePath:line:column:)``...) runs the entry
/// point, then everything due at the current virtual instant; time moves only through
/// ``advance(by:fileID:filePath:line:column:)`` and ``runUntilIdle(fileID:filePath:line:column:)``. After every step the rules are checked from ground
/// truth, and the step throws ``HarnessFailure`` on the first violation or scenario issue, so every
/// test checks them unasked. ``finish(fileID:filePath:line:column:)`` decides the rules that wait for the end and reports leftovers.
///
/// ```swift
/// let app = try SimulatedApp(
///     glue: MyGlue.init,
///     device: Device(region: .eea),
///     user: User(trackingPrompt: .deny, consentForm: .acceptAll)
/// )
/// try app.launch()
/// try app.onboarding()                 // each step throws on the first rule it breaks
/// try app.requestAd()
/// #expect(app.adRequests.map(\.isNonPersonalized) == [true])   // tracking denied: npa=1
/// #expect(try app.finish().isClean)    // the end-of-run rules pass, and nothing is left waiting
/// ```
public final class SimulatedApp: Sendable {
    /// What outlives processes: the device, storage, clock, trace, faults and the scripted user.
    package let world: SimulatedWorld
    /// Makes the glue of each process.
    package let glueFactory: GlueFactory
    /// This app's maker of its processes' glue, from ``glueFactory``.
    private let makeGlue: @Sendable (AppPorts) -> any ConsentGlue
    /// The rule checker, watching every event.
    public let ruleChecker: RuleChecker
    /// The rule checker: use ``ruleChecker``.
    @available(*, deprecated, renamed: "ruleChecker")
    public var invariants: RuleChecker { ruleChecker }
    /// The ad unit every ``SimulatedApp/requestAd(fileID:filePath:line:column:)`` asks for.
    public let adUnitID: String
    /// Whether a step throws the first failure (the default), or the run goes on and records every
    /// failure in ``failures``, up to ``maximumRecordedFailures``: what a scenario run and the
    /// explorer do, so that the bugs behind a first one are seen too.
    public var stopsAtFirstFailure: Bool {
        get { state.withLock { $0.stopsAtFirstFailure } }
        set { state.withLock { $0.stopsAtFirstFailure = newValue } }
    }
    /// How many failures a run that goes on records before it stops anyway.
    public static let maximumRecordedFailures = 100
    /// The least severe finding that fails the run: `.failure` (the default) fails on the rules the
    /// rule set makes failures; `.warning` fails on its warnings too, as `--fail-on warning` does,
    /// so a step throws a warning (or records it in ``failures``) as it would a failure.
    public var failOn: RuleSeverity {
        get { state.withLock { $0.failOn } }
        set { state.withLock { $0.failOn = newValue } }
    }
    private let state = Locked(State())

    private struct State {
        var running: HostedProcess?
        var processCount = 0
        var lastCrash: CrashReason?
        var checkedEvents = 0
        var runawayNoted = false
        /// Whether a step ran, and whether ``finish()`` was called since.
        var stepped = false
        var finished = false
        var stopsAtFirstFailure = true
        var failOn = RuleSeverity.failure
        var probesPrivacyOptions = true
        /// The user tapped the privacy-options entry point in this process.
        var privacyOptionsTapped = false
        var probeStart: Int?
        /// A step threw: the test has its failure, or chose to catch it.
        var failed = false
        /// The last step a test called, for the notice of an unfinished run.
        var lastCall: Step.Call?
        var reportedViolations = 0
        /// Where the test called each step, by the index of its `step` event: a finding made later
        /// than the step that caused it points at that step's line.
        var stepCalls: [Int: Step.Call] = [:]
        var locationAnswers: [PendingLocationAnswer] = []
    }

    /// Starts a run from `setup` (a world as earlier sessions left it, a scripted user and faults),
    /// hosting a glue, and checks the rules of `rules` (by default the glue's: ``RuleSet/standard`` for yours).
    public convenience init(
        glue: GlueFactory,
        setup: RunSetup,
        rules: RuleSet? = nil,
        adUnitID: String = SimulatedApp.testAdUnitID
    ) throws(HarnessFailure) {
        try self.init(glue: glue, setup: setup, rules: rules, adUnitID: adUnitID, observing: nil)
    }

    /// A run whose trace `observer` is told of as the run is set up, before its first event: a worker
    /// process streams each run's events to its supervisor through it, so a run whose process dies
    /// leaves its trace behind.
    package init(
        glue: GlueFactory, setup: RunSetup, rules: RuleSet? = nil, adUnitID: String = SimulatedApp.testAdUnitID,
        observing observer: (@Sendable (Trace) -> Void)?
    ) throws(HarnessFailure) {
        world = try SimulatedWorld(setup, legacySDK: glue.legacySDK, seedAppStorage: { glue.seedStorage(setup.previousSession, $0) })
        glueFactory = glue
        makeGlue = glue.startApp()
        ruleChecker = RuleChecker(trace: world.trace, rules: rules ?? glue.defaultRules)
        self.adUnitID = adUnitID
        observer?(world.trace)
    }

    /// Starts a run from `setup`, hosting your glue: `SimulatedApp(glue: MyGlue.init, setup: setup)`.
    public convenience init<Glue: ConsentGlue>(
        glue: @escaping @Sendable (AppPorts) -> Glue,
        setup: RunSetup,
        rules: RuleSet? = nil,
        adUnitID: String = SimulatedApp.testAdUnitID
    ) throws(HarnessFailure) {
        try self.init(glue: GlueFactory(glue), setup: setup, rules: rules, adUnitID: adUnitID)
    }

    /// Starts a run from `setup`, hosting your async glue: `SimulatedApp(glue: MyConsentManager.init, setup: setup)`.
    @available(macOS 15.0, iOS 18.0, *)
    public convenience init<Glue: AsyncConsentGlue>(
        glue: @escaping @MainActor @Sendable (AppPorts) -> Glue,
        setup: RunSetup,
        rules: RuleSet? = nil,
        adUnitID: String = SimulatedApp.testAdUnitID
    ) throws(HarnessFailure) {
        try self.init(glue: GlueFactory(glue), setup: setup, rules: rules, adUnitID: adUnitID)
    }

    /// The ad unit a step requests unless told otherwise: Google's demo banner unit for iOS, which serves test ads.
    public static let testAdUnitID = "ca-app-pub-3940256099942544/2934735716"

    /// Sets up a world as earlier sessions left it, a scripted user and faults, hosting a glue, and
    /// checks the rules of `rules` (by default the glue's: ``RuleSet/standard`` for yours).
    public convenience init(
        glue: GlueFactory,
        device: Device = Device(),
        previousSession: PreviousSession = .freshInstall,
        user: User = User(),
        faults: [Fault] = [],
        rules: RuleSet? = nil,
        adUnitID: String = SimulatedApp.testAdUnitID
    ) throws(HarnessFailure) {
        try self.init(
            glue: glue, setup: RunSetup(device: device, previousSession: previousSession, user: user, faults: faults), rules: rules, adUnitID: adUnitID
        )
    }

    /// Hosts your glue: `SimulatedApp(glue: MyGlue.init, ...)` for a type with `init(ports: AppPorts)`.
    public convenience init<Glue: ConsentGlue>(
        glue: @escaping @Sendable (AppPorts) -> Glue,
        device: Device = Device(),
        previousSession: PreviousSession = .freshInstall,
        user: User = User(),
        faults: [Fault] = [],
        rules: RuleSet? = nil,
        adUnitID: String = SimulatedApp.testAdUnitID
    ) throws(HarnessFailure) {
        try self.init(
            glue: GlueFactory(glue), device: device, previousSession: previousSession, user: user, faults: faults, rules: rules, adUnitID: adUnitID
        )
    }

    /// Hosts your async glue: `SimulatedApp(glue: MyConsentManager.init, ...)` for a main-actor type
    /// with `init(ports: AppPorts)` that conforms to `AsyncConsentGlue`.
    @available(macOS 15.0, iOS 18.0, *)
    public convenience init<Glue: AsyncConsentGlue>(
        glue: @escaping @MainActor @Sendable (AppPorts) -> Glue,
        device: Device = Device(),
        previousSession: PreviousSession = .freshInstall,
        user: User = User(),
        faults: [Fault] = [],
        rules: RuleSet? = nil,
        adUnitID: String = SimulatedApp.testAdUnitID
    ) throws(HarnessFailure) {
        try self.init(
            glue: GlueFactory(glue), device: device, previousSession: previousSession, user: user, faults: faults, rules: rules, adUnitID: adUnitID
        )
    }

    /// Hosts the reference glue with a consent profile, a configuration and deliberate mistakes.
    public convenience init(
        device: Device = Device(),
        consent: ConsentSetup = .current,
        previousSession: PreviousSession = .freshInstall,
        user: User = User(),
        faults: [Fault] = [],
        mistakes: Set<AppMistake> = [],
        configuration: AdsConfiguration = AdsConfiguration(),
        rules: RuleSet? = nil,
        adUnitID: String = SimulatedApp.testAdUnitID
    ) throws(HarnessFailure) {
        try self.init(
            glue: .reference(consent: consent, configuration: configuration, mistakes: mistakes),
            device: device, previousSession: previousSession, user: user, faults: faults, rules: rules, adUnitID: adUnitID
        )
    }

    // MARK: What a test asserts on

    /// Virtual time.
    public var clock: VirtualClock { world.clock }
    /// Everything observable, in order.
    public var trace: Trace { world.trace }
    /// The simulated phone.
    public var device: SimulatedDevice { world.device }
    /// The app's storage, shared by the app and the consent SDK; it survives relaunches.
    package var storage: InMemoryKeyValueStore { world.storage }
    /// The OS's location authorization for the app; it survives relaunches.
    public var location: SimulatedLocationServices { world.location }
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
        runningStandIns.map { GroundTruth(standIns: $0, tracking: device.trackingStatus, location: location.status) }
    }
    /// What the last process's glue believes, if it says; `nil` before the first launch.
    public var consentState: ConsentState? { glue?.believedState }
    /// Every ad request that reached the ad SDK, across processes, in order.
    public var adRequests: [RecordedAdRequest] { world.adRequests }
    /// The outcome of every ad request of the reference glue that has completed, across processes.
    package var adResults: [Result<LoadedAd, AdRequestFailure>] { referenceGlue?.adResults ?? [] }
    /// Every error the reference glue surfaced, across processes.
    public var errors: [AdsFlowError] { referenceGlue?.errors ?? [] }
    /// Why the app last crashed, if it did.
    public var crash: CrashReason? { state.withLock { $0.lastCrash } }
    /// Whether the app is running.
    package var isRunning: Bool { state.withLock { $0.running?.isRunning ?? false } }
    /// The reference glue's coordinator, to observe it; `nil` before the first launch or with another glue.
    package var coordinator: AdsConsentCoordinator? { referenceGlue?.coordinator }
    /// Whether the current process started the ad SDK.
    public var isAdSDKStarted: Bool { runningStandIns?.adSDK.isStarted ?? false }
    /// How many times the OS tracking prompt was shown.
    public var trackingPrompts: Int { trace.count(of: .trackingPrompt) }
    /// How many times a consent or privacy-options form was shown.
    public var consentFormsShown: Int { trace.count(of: .consentFormPresent) }
    /// Every finding so far, failures and warnings, in order, each with its severity (``Finding/severity``):
    /// the one list of what the rules found; ``failures`` and ``warnings`` are views of it.
    public var findings: [Finding] { ruleChecker.findings }
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
    public var trackingStatus: TrackingAuthorizationStatus { device.trackingStatus }
    /// Whether the consent SDK reports now that the app must offer its privacy options
    /// (`privacyOptionsRequirementStatus`); `nil` before the first launch and with the legacy SDK.
    public var privacyOptionsRequirement: PrivacyOptionsRequirement? {
        runningStandIns.flatMap { $0.legacyConsentInformation == nil ? $0.consentInformation.privacyOptionsRequirement : nil }
    }
    /// The location status as the OS reports it now.
    package var locationStatus: LocationAuthorizationStatus { location.status }
    /// The answer of every ``SimulatedApp/requestLocation(fileID:filePath:line:column:)``, in order; `nil` while one has not come.
    public var locationAnswers: [LocationAuthorizationStatus?] { state.withLock { $0.locationAnswers.map(\.current) } }

    // MARK: Steps

    /// Process start, as UIKit does it: the glue's launch code runs while the app is inactive, then
    /// the app becomes active and the glue is told.
    public func launch(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try worldStep(.launch, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            if isRunning { throw HarnessFailure.scenarioIssue("launch: the app is already running; use relaunch", trace: trace.events) }
            startProcess()
        }
    }

    /// The glue's first-run flow.
    public func onboarding(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try step(.onboarding, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.glue.runOnboarding() }
    }

    /// The app asks for tracking authorization on its own (outside onboarding).
    ///
    /// With `thenRequestAd`, the app requests an ad as soon as the glue's tracking flow is over, as
    /// Google's sample suggests ("tracking authorization completed, start loading ads here"): the
    /// tightest spot for a stale decision.
    public func requestTracking(
        thenRequestAd: Bool = false, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(HarnessFailure) {
        try step(.requestTracking, detail: thenRequestAd ? "thenRequestAd" : nil, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        { [adUnitID] process in
            process.glue.requestTracking { [weak glue = process.glue] in
                if thenRequestAd { glue?.requestAd(adUnitID: adUnitID) }
            }
        }
    }

    /// The app wants to show an ad; the glue decides whether and how to request it.
    public func requestAd(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try step(.requestAd, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [adUnitID] in $0.glue.requestAd(adUnitID: adUnitID)
        }
    }

    /// The app asks for when-in-use location through `LocationPermission`, creating its location
    /// manager the first time; the answer lands in ``locationAnswers``.
    ///
    /// A location prompt makes the app inactive, so a tracking request made while it is up is
    /// answered `notDetermined` with no prompt, which the glue must repeat once the app is active.
    public func requestLocation(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try step(.requestLocation, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [location] process in
            let answer = process.locationPermission(services: location).requestWhenInUse()
            state.withLock { $0.locationAnswers.append(answer) }
        }
    }

    /// The user leaves the app, changes a location setting in the Settings app, and comes back.
    public func changeLocationSettings(
        _ change: LocationSettingsChange, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(HarnessFailure) {
        try worldStep(.settings, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [location] in
            try aroundSettings { location.change(change) }
        }
    }

    /// The user opens the app's privacy-options entry point.
    ///
    /// A consent form on screen covers the app, so the user cannot reach its entry point then: a
    /// scenario issue, not a call.
    public func openPrivacyOptions(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        state.withLock { $0.privacyOptionsTapped = true }
        try step(.openPrivacyOptions, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [trace] process in
            if process.standIns.consentForms.isFormOnScreen {
                throw HarnessFailure.scenarioIssue(
                    "openPrivacyOptions: expected the app on screen, found a consent form covering it (the user cannot tap the app's entry point until the form is answered)",
                    trace: trace.events
                )
            }
            process.glue.openPrivacyOptions()
        }
    }

    /// The user taps one of the app's own controls, by the name the glue declares in its `controls`
    /// (a pre-prompt screen's `continue`).
    ///
    /// A control the glue does not declare, or a tap while a consent form, a full-screen ad or a
    /// system prompt covers the app, is a scenario issue, not a call.
    public func tap(_ control: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try step(.tap, detail: control, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [trace, glueFactory, device] process in
            guard glueFactory.controls.contains(control) else {
                let declared = glueFactory.controls.isEmpty ? "declares none" : "declares \(glueFactory.controls.joined(separator: ", "))"
                throw HarnessFailure.scenarioIssue("tap \(control): expected a control the glue declares; \(glueFactory.name) \(declared)", trace: trace.events)
            }
            if process.standIns.consentForms.isFormOnScreen || process.standIns.adSDK.isFullScreenAdOnScreen || !device.isActive {
                throw HarnessFailure.scenarioIssue(
                    "tap \(control): expected the app on screen and active, found it covered by a form, a full-screen ad or a system prompt",
                    trace: trace.events
                )
            }
            process.glue.tap(control)
        }
    }

    /// The app calls the consent SDK directly, bypassing the glue: an update, a form load or present,
    /// load-and-present, the privacy-options form, or reset, recorded as `sdk.call` and `sdk.result`.
    ///
    /// The peer suite drives the SDK so; a form a raw load gives is kept for a raw present in the
    /// same process. The legacy consent profile has no such calls: a scenario issue.
    public func callConsentSDK(_ call: ConsentSDKCall, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try step(.sdk, detail: call.description, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [trace] process in
            if process.standIns.legacyConsentInformation != nil {
                throw HarnessFailure.scenarioIssue(
                    "sdk \(call.name.rawValue): expected the current consent SDK, found the legacy profile (raw calls reach the current SDK only)",
                    trace: trace.events
                )
            }
            process.call(call, trace: trace)
        }
    }

    /// The device moves to another region (EEA, a US state, elsewhere); the consent SDK sees it at its next update.
    public func travel(to region: ConsentRegion, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try worldStep(.travel, detail: region.rawValue, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [world] in
            world.travel(to: region)
        }
    }

    /// The user leaves the app and comes back to it: it becomes active (the system dismisses a
    /// tracking prompt that was up when the app left).
    public func foreground(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try step(.foreground, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [device] _ in
            if device.appState != .background { device.setAppState(.background) }
            device.setAppState(.active)
        }
    }

    /// The user leaves the app, changes a setting in the Settings app, and comes back.
    public func changeSettings(
        _ change: SimulatedDevice.SettingsChange, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) throws(HarnessFailure) {
        try worldStep(.settings, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [device, trace] in
            try aroundSettings {
                if let problem = device.change(change) {
                    throw HarnessFailure.scenarioIssue("settings \(change): \(problem)", trace: trace.events)
                }
            }
        }
    }

    /// The app reads the advertising identifier through the glue.
    @discardableResult
    public func readAdvertisingIdentifier(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure) -> UUID?
    {
        var identifier: UUID?
        try step(.readAdvertisingIdentifier, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            identifier = $0.glue.readAdvertisingIdentifier()
        }
        return identifier
    }

    /// The process ends and starts again; stored state survives.
    public func relaunch(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try worldStep(.relaunch, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            endProcess(reason: "relaunch")
            startProcess()
        }
    }

    /// The app is deleted, installed and started again: the OS's answers and the app's storage are gone.
    public func reinstall(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try worldStep(.reinstall, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [world] in
            endProcess(reason: "reinstall")
            world.device.reinstallApp()
            world.location.reinstallApp()
            world.storage.removeAll()
            world.trace.record(.appReinstall)
            startProcess()
        }
    }

    /// Virtual time passes; work that falls due runs in order.
    public func advance(by duration: Duration, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column)
        throws(HarnessFailure)
    {
        try worldStep(.advance, detail: duration.harnessDescription, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [clock] in
            clock.advance(by: duration)
        }
    }

    /// Virtual time jumps from one due time to the next until nothing that can run is left.
    public func runUntilIdle(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure) {
        try worldStep(.runUntilIdle, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { [clock] in clock.runUntilIdle() }
    }

    /// The end of the run: runs what is due now, decides the rules that wait for the end (a tracking
    /// request never asked again; with nothing left waiting, consent never gathered and an ad never
    /// requested), and returns what is left over. Throws the first new violation.
    @discardableResult
    public func finish(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) throws(HarnessFailure)
        -> Leftovers
    {
        try finish(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The end of the run, called from `site` (a scenario file's `steps`, or ``CallSite/unwritten`` for the
    /// explorer's run).
    @discardableResult
    package func finish(at site: CallSite) throws(HarnessFailure) -> Leftovers {
        // What the end sets off is the end's: a finding there names `finish` (see `locating`).
        let index = trace.events.count
        clock.run()
        noteRunaway()
        noteTasksOutsideTheHarness()
        // Work still waiting (a timer, a late callback, a user about to answer) means the app's
        // flows are not over: the rules about what an app never does are not decided on it.
        let waiting = clock.pendingWork.count
        let due = clock.pendingWork.count { $0.due != nil }
        let call = Step.Call(step: "finish", site: site)
        trace.record(.runFinish, (waiting > 0 ? [EventField(.pendingWork, waiting)] : []) + (due > 0 ? [EventField(.pendingDue, due)] : []))
        state.withLock {
            $0.finished = true
            if site.isKnown { $0.stepCalls[index] = call }
        }
        let leftovers = self.leftovers
        try check(call)
        // The probe comes only when nothing is due: a withheld callback or an unanswered prompt never
        // comes by itself (and a prompt up keeps the app inactive, which the probe also waits out).
        if due == 0 && probePrivacyOptions() { try check(call) }
        return leftovers
    }

    /// Whether ``finish(fileID:filePath:line:column:)`` taps the app's privacy-options entry point itself when the
    /// consent SDK requires one and nothing tapped it in this process (the default): an app with no
    /// entry point at all is found without a test that taps a button the app does not have. The probe
    /// comes after the run's end (`run.finish`, where the other end-of-run rules are decided), only
    /// when nothing is due and nothing covers the app; it is recorded
    /// `step step=openPrivacyOptions detail=probe`, fires no fault, dismisses any form it brings up,
    /// and ends with `run.probeEnd` once what it set off has run (at most a minute of virtual time).
    public var probesPrivacyOptions: Bool {
        get { state.withLock { $0.probesPrivacyOptions } }
        set { state.withLock { $0.probesPrivacyOptions = newValue } }
    }

    /// Where the probe of ``probesPrivacyOptions`` began in the trace, if it ran: what the run's own
    /// steps did lies before it.
    package var probeStart: Int? { state.withLock { $0.probeStart } }

    /// Taps the privacy-options entry point as the user could, if the consent SDK requires one, the
    /// app is active with nothing over it (no form, no full-screen ad, no system prompt), and nothing
    /// tapped it in this process; returns whether it did.
    private func probePrivacyOptions() -> Bool {
        // With no glue there is no app to have an entry point: raw SDK steps pin the SDK.
        guard probesPrivacyOptions, glueFactory.name != GlueFactory.noGlue.name, let process = state.withLock({ $0.running }), process.isRunning,
            process.standIns.legacyConsentInformation == nil, process.standIns.consentInformation.privacyOptionsRequirement == .required,
            !process.standIns.consentForms.isFormOnScreen, !process.standIns.adSDK.isFullScreenAdOnScreen, device.appState == .active,
            !state.withLock({ $0.privacyOptionsTapped })
        else { return false }
        let start = trace.events.count
        state.withLock {
            $0.probeStart = start
            $0.privacyOptionsTapped = true
        }
        trace.record(.step, [EventField(.step, Step.Kind.openPrivacyOptions), EventField(.detail, "probe")])
        // Nothing was waiting: what runs now is what the tap set off.
        process.standIns.process.faults.paused {
            process.standIns.consentForms.probing {
                clock.drive { process.glue.openPrivacyOptions() }
                _ = clock.runUntilIdle(limit: Self.probeBound)
            }
        }
        trace.record(.probeEnd)
        return true
    }

    /// How much virtual time the probe's tap may take to present the privacy-options form (an entry
    /// point that first updates consent, within the app's own timeouts).
    static let probeBound = Duration.seconds(60)

    /// Runs the steps of `body`, then ``SimulatedApp/finish(fileID:filePath:line:column:)``, so the rules that wait for the end of the run
    /// cannot be forgotten; returns what was left over.
    ///
    /// ```swift
    /// let leftovers = try SimulatedApp(glue: MyGlue.init).finishing { app in
    ///     try app.launch()
    ///     try app.onboarding()
    /// }
    /// ```
    @discardableResult
    public func finishing(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column, _ body: (SimulatedApp) throws -> Void
    ) throws -> Leftovers {
        try body(self)
        return try finish(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The last step a test or a scenario called, with where.
    package var lastStepCall: Step.Call? { state.withLock { $0.stepCalls.max { $0.key < $1.key }?.value } }

    /// The finding with the step that caused it, else the step in progress at its event, and where
    /// that step was called: what a step that throws it names, and what a run that goes on past its
    /// findings (a scenario's) reports, so its report names the fixture's line.
    package func locating(_ violation: Finding) -> Finding {
        guard violation.step == nil else { return violation }
        var located = violation
        located.step = state.withLock { state in
            if let cause = violation.causeIndex, let call = state.stepCalls[cause] { return call }
            return state.stepCalls.filter { $0.key < violation.traceLength }.max { $0.key < $1.key }?.value
        }
        return located
    }

    /// Takes the run as ended without its end-of-run rules: the explorer drops a path it cannot take,
    /// and a scenario run that stopped at a failure ends there (its verdict is that failure).
    package func abandon() { state.withLock { $0.finished = true } }

    deinit {
        // What the run left waiting (a prompt on screen, work on the clock) holds the app's completions,
        // and through them its ports and the device: the world plays it out and lets it go once the app
        // lets the world go (`SimulatedWorld`'s deinit), or every run that ends with a prompt up keeps its
        // world for the rest of the process (the explorer's memory grew with its runs).
        let (stepped, finished, failed, last) = state.withLock { ($0.stepped, $0.finished, $0.failed, $0.lastCall) }
        guard stepped, !finished, !failed, let last, last.site.isKnown else { return }
        // The rules that wait for the end, decided now: what they find is what the test missed.
        let found: String
        do {
            try finish(fileID: last.site.fileID, filePath: last.site.staticFilePath ?? "", line: last.site.line, column: last.site.column)
            return
        } catch {
            found = error.description.split(separator: "\n").first.map(String.init) ?? ""
        }
        let notice =
            "adharness: a SimulatedApp was stepped (last: \(last)) and never finished, so the rules that wait for "
            + "the end of the run were not checked by the test; finishing it finds: \(found). Call finish(), or step it inside finishing { }."
        // A failure of the running test, at the last step's line, where the test links
        // `AdHarnessContracts` (a bug the run's end finds must not pass unseen); standard error where it does not.
        if !TestFramework.record(notice, at: last.site) {
            FileHandle.standardError.write(Data((notice + "\n").utf8))
        }
    }

    /// What is unfinished now: work waiting on the clock, and faults that fired fewer times than allowed.
    public var leftovers: Leftovers {
        Leftovers(pendingWork: clock.pendingWork, unfiredFaults: faults.unfired, suspendedTasks: suspendedTasks)
    }

    /// The running process's async tasks still suspended.
    private var suspendedTasks: [String] {
        guard #available(macOS 15.0, iOS 18.0, *), isRunning else { return [] }
        return clock.tasks.suspendedTasks
    }

    /// A task of the glue that nothing the harness drives can resume, named as a scenario issue
    /// rather than left to wake on the wall clock in a different order every run. A glue with
    /// controls of its own may be waiting for a tap the test never made: its tasks are leftovers.
    private func noteTasksOutsideTheHarness() {
        guard #available(macOS 15.0, iOS 18.0, *) else { return }
        let suspended = suspendedTasks
        let nothingCanResume = clock.pendingWork.isEmpty && glueFactory.controls.isEmpty
        guard !suspended.isEmpty, nothingCanResume || clock.tasks.wasResumedFromOutside else { return }
        let names = suspended.map { "'\($0)'" }.joined(separator: ", ")
        trace.record(
            .harnessIssue,
            [
                EventField(
                    "issue",
                    "the glue's task \(names) is still suspended and nothing the harness drives can "
                        + "resume it: it waits on the wall clock (Task.sleep; sleep on ports.clock instead), on a queue or thread of its own, "
                        + "or on a continuation it never resumes")
            ])
    }

    // MARK: Processes

    private func startProcess() {
        let number = state.withLock { state in
            state.processCount += 1
            return state.processCount
        }
        let process = HostedProcess.launch(number: number, in: world, glue: makeGlue, checker: ruleChecker)
        state.withLock {
            $0.running = process
            $0.privacyOptionsTapped = false
        }
    }

    private func endProcess(reason: String) {
        guard let process = state.withLock({ $0.running }) else { return }
        process.end(reason: reason, in: world)
        state.withLock { $0.running = nil }
    }

    /// The user leaves a running app for the Settings app and comes back.
    private func aroundSettings(_ change: () throws -> Void) throws {
        let wasRunning = isRunning
        if wasRunning { device.setAppState(.background) }
        try change()
        if wasRunning { device.setAppState(.active) }
    }

    // MARK: Running a step

    /// A step that needs the app running: the body gets the running process.
    private func step(_ name: Step.Kind, detail: String? = nil, at site: CallSite, _ body: (HostedProcess) throws -> Void) throws(HarnessFailure) {
        try perform(name, detail: detail, at: site) {
            guard let process = state.withLock({ $0.running }), process.isRunning else {
                throw HarnessFailure.appNotRunning(
                    step: name.rawValue, reason: state.withLock { $0.lastCrash.map { "it crashed: \($0)" } ?? "not launched" }
                )
            }
            try body(process)
        }
    }

    /// A step on the world that needs no running app.
    private func worldStep(_ name: Step.Kind, detail: String? = nil, at site: CallSite, _ body: () throws -> Void) throws(HarnessFailure) {
        try perform(name, detail: detail, at: site, body)
    }

    /// Records the step, runs its body and everything due now, then checks the rules.
    private func perform(_ name: Step.Kind, detail: String?, at site: CallSite, _ body: () throws -> Void) throws(HarnessFailure) {
        // The step is recorded from the driving thread, before anything it sets off: its index is the count now.
        let index = trace.events.count
        trace.record(.step, [EventField(.step, name)] + (detail.map { [EventField(.detail, $0)] } ?? []))
        state.withLock {
            $0.stepped = true
            $0.finished = false
            if site.isKnown { $0.stepCalls[index] = Step.Call(step: name.rawValue, site: site) }
        }
        // A step a test or a scenario file wrote says where it was if the app's code traps or blocks in it.
        let noted = site.isKnown ? TrapNotice.begin(glue: glueFactory.name, step: name.rawValue, site: "\(site.fileID):\(site.line)") : nil
        defer { noted.map(TrapNotice.end) }
        do {
            try clock.drive { try body() }
        } catch let failure as HarnessFailure {
            throw failure
        } catch {
            throw .scenarioIssue("\(name.rawValue): \(error)", trace: trace.events)
        }
        clock.run()
        noteRunaway()
        state.withLock { $0.lastCall = Step.Call(step: name.rawValue, site: site) }
        try check(Step.Call(step: name.rawValue, site: site))
    }

    /// Records, once, that the clock stopped a runaway: the rule ``RuleID/noRunawayLoop`` reads it.
    private func noteRunaway() {
        guard let runaway = clock.runaway,
            state.withLock({ state in
                defer { state.runawayNoted = true }
                return !state.runawayNoted
            })
        else { return }
        trace.record(.runRunaway, [EventField("reason", runaway.reason.rawValue), EventField("repeating", runaway.repeating.joined(separator: "; "))])
    }

    /// Notes a crash, then throws the first new broken rule or scenario issue.
    private func check(_ call: Step.Call) throws(HarnessFailure) {
        let events = trace.events
        let (from, violationsSeen) = state.withLock { state in
            defer { state.checkedEvents = events.count }
            return (state.checkedEvents, state.reportedViolations)
        }
        for event in events[from...] where event.name == .appCrash {
            state.withLock { $0.lastCrash = event[.crashReason] }
        }
        let violations = failures
        let goesOn = state.withLock { !$0.stopsAtFirstFailure } && violations.count < Self.maximumRecordedFailures
        if violations.count > violationsSeen && goesOn {
            state.withLock { $0.reportedViolations = violations.count }
        } else if violations.count > violationsSeen {
            state.withLock { $0.reportedViolations = violations.count }
            state.withLock { $0.failed = true }
            throw .invariantViolated(locating(violations[violationsSeen]))
        }
        if let issue = events[from...].first(where: { $0.name == .harnessIssue }) {
            state.withLock { $0.failed = true }
            throw .scenarioIssue(issue[.scenarioIssue] ?? "unknown", trace: events)
        }
    }
}
