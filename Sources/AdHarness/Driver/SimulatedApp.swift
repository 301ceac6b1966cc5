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
    let makeGlue: @Sendable (AppPorts) -> any ConsentGlue
    /// The rule checker, watching every event.
    package let checker: RuleChecker
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
    let state = Locked(State())

    struct State {
        var running: HostedProcess?
        var processCount = 0
        var lastCrash: CrashReason?
        /// The user closed the app, and nothing launched it since.
        var closed = false
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
        var probeRanges: [Range<Int>] = []
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
        checker = RuleChecker(checking: world.trace, by: rules ?? glue.defaultRules)
        self.adUnitID = adUnitID
        world.mainQueueOrder.withLock { $0.holds = glueMayHop }
        reportOutsideCalls()
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

    // MARK: Steps

    /// Runs one step called from `site` (a test's line, a scenario file's line, or
    /// ``CallSite/unwritten`` for the explorer's steps): the one primitive every step goes through,
    /// the named steps (``launch(fileID:filePath:line:column:)``...) and ``perform(_:fileID:filePath:line:column:)`` alike.
    package func perform(_ step: Step, at site: CallSite) throws(HarnessFailure) {
        switch step {
        case .launch:
            // Process start, as UIKit does it: the glue's launch code runs while the app is inactive,
            // then the app becomes active and the glue is told.
            try worldStep(.launch, at: site) {
                if isRunning { throw HarnessFailure.scenarioIssue("launch: the app is already running; use relaunch", trace: trace.events) }
                startProcess()
            }
        case .onboarding:
            try self.step(.onboarding, at: site) { $0.glue.runOnboarding() }
        case .requestTracking, .requestTrackingThenAd:
            let thenRequestAd = step == .requestTrackingThenAd
            try self.step(.requestTracking, detail: thenRequestAd ? "thenRequestAd" : nil, at: site) { [adUnitID] process in
                process.glue.requestTracking { [weak glue = process.glue] in
                    if thenRequestAd { glue?.requestAd(adUnitID: adUnitID) }
                }
            }
        case .requestAd:
            try self.step(.requestAd, at: site) { [adUnitID] in $0.glue.requestAd(adUnitID: adUnitID) }
        case .readAdvertisingIdentifier:
            _ = try readAdvertisingIdentifier(at: site)
        case .requestLocation:
            try self.step(.requestLocation, at: site) { [location = world.location] process in
                let answer = process.locationPermission(services: location).requestWhenInUse()
                state.withLock { $0.locationAnswers.append(answer) }
            }
        case .openPrivacyOptions:
            // A consent form on screen covers the app: the user cannot reach its entry point then.
            state.withLock { $0.privacyOptionsTapped = true }
            try self.step(.openPrivacyOptions, at: site) { [trace] process in
                if process.standIns.consentForms.isFormOnScreen {
                    throw HarnessFailure.scenarioIssue(
                        "openPrivacyOptions: expected the app on screen, found a consent form covering it (the user cannot tap the app's entry point until the form is answered)",
                        trace: trace.events
                    )
                }
                process.glue.openPrivacyOptions()
            }
        case .tap(let control):
            try self.step(.tap, detail: control, at: site) { [trace, glueFactory, device = world.device] process in
                guard glueFactory.controls.contains(control) else {
                    let declared = glueFactory.controls.isEmpty ? "declares none" : "declares \(glueFactory.controls.joined(separator: ", "))"
                    throw HarnessFailure.scenarioIssue(
                        "tap \(control): expected a control the glue declares; \(glueFactory.name) \(declared)", trace: trace.events)
                }
                if process.standIns.consentForms.isFormOnScreen || process.standIns.adSDK.isFullScreenAdOnScreen || !device.isActive {
                    throw HarnessFailure.scenarioIssue(
                        "tap \(control): expected the app on screen and active, found it covered by a form, a full-screen ad or a system prompt",
                        trace: trace.events
                    )
                }
                process.glue.tap(control)
            }
        case .sdk(let call):
            try self.step(.sdk, detail: call.description, at: site) { [trace] process in
                if process.standIns.legacyConsentInformation != nil {
                    throw HarnessFailure.scenarioIssue(
                        "sdk \(call.name.rawValue): expected the current consent SDK, found the legacy profile (raw calls reach the current SDK only)",
                        trace: trace.events
                    )
                }
                process.call(call, trace: trace)
            }
        case .travel(let region):
            try worldStep(.travel, detail: region.rawValue, at: site) { [world] in world.travel(to: region) }
        case .foreground:
            // The system dismisses a tracking prompt that was up when the app left.
            try self.step(.foreground, at: site) { [device = world.device] _ in
                if device.appState != .background { device.setAppState(.background) }
                device.setAppState(.active)
            }
        case .settings(let changes):
            // One trip to the Settings app for each change.
            for change in changes {
                switch change {
                case .device(let change):
                    try worldStep(.settings, at: site) { [device = world.device, trace] in
                        try aroundSettings {
                            if let problem = device.change(change) {
                                throw HarnessFailure.scenarioIssue("settings \(change): \(problem)", trace: trace.events)
                            }
                        }
                    }
                case .location(let change):
                    try worldStep(.settings, at: site) { [location = world.location] in try aroundSettings { location.change(change) } }
                }
            }
        case .relaunch:
            try worldStep(.relaunch, at: site) {
                endProcess(reason: "relaunch")
                startProcess()
            }
        case .close:
            try self.step(.close, at: site) { _ in
                endProcess(reason: "close")
                state.withLock { $0.closed = true }
            }
        case .reinstall:
            try worldStep(.reinstall, at: site) { [world] in
                endProcess(reason: "reinstall")
                world.device.reinstallApp()
                world.location.reinstallApp()
                world.storage.removeAll()
                world.trace.record(.appReinstall)
                startProcess()
            }
        case .advance(let duration):
            try worldStep(.advance, detail: duration.harnessDescription, at: site) { [clock] in clock.advance(by: duration) }
        case .runUntilIdle:
            try worldStep(.runUntilIdle, at: site) { [clock] in clock.runUntilIdle() }
        }
    }

    /// The app reads the advertising identifier through the glue, called from `site`: the one step
    /// with a value, which ``perform(_:at:)`` drops.
    package func readAdvertisingIdentifier(at site: CallSite) throws(HarnessFailure) -> UUID? {
        var identifier: UUID?
        try step(.readAdvertisingIdentifier, at: site) { identifier = $0.glue.readAdvertisingIdentifier() }
        return identifier
    }

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
            try finish(at: last.site)
            return
        } catch {
            found = error.description.split(separator: "\n").first.map(String.init) ?? ""
        }
        let notice =
            "adharness: a SimulatedApp was stepped (last: \(last)) and never finished, so the rules that wait for "
            + "the end of the run were not checked by the test; finishing it finds: \(found). Call finish(), or step it inside finishing { }."
        // A failure of the running test, at the last step's line, where the test links
        // `AdHarnessContracts` (a bug the run's end finds must not pass unseen); standard error where it does not.
        if (try? TestFramework.record(notice, at: last.site)) != true {
            FileHandle.standardError.write(Data((notice + "\n").utf8))
        }
    }

    // MARK: Processes

    func startProcess() {
        let number = state.withLock { state in
            state.processCount += 1
            return state.processCount
        }
        let process = HostedProcess.launch(number: number, in: world, glue: makeGlue, checker: checker)
        state.withLock {
            $0.running = process
            $0.privacyOptionsTapped = false
            $0.closed = false
        }
    }

    func endProcess(reason: String) {
        guard let process = state.withLock({ $0.running }) else { return }
        process.end(reason: reason, in: world)
        state.withLock { $0.running = nil }
    }

    /// The user leaves a running app for the Settings app and comes back.
    func aroundSettings(_ change: () throws -> Void) throws {
        let wasRunning = isRunning
        if wasRunning { world.device.setAppState(.background) }
        try change()
        if wasRunning { world.device.setAppState(.active) }
    }

    // MARK: Running a step

    /// Records a `run.outsideCall` the first time a stand-in hears the app, with each call, from a
    /// thread the harness does not drive (``RuleID/noCallOutsideTheRun``): a dispatch queue or thread
    /// of the app's own, or a main-queue block that runs outside every window of the run's order
    /// (an `asyncAfter` that comes due between steps, a block a main-actor test lets run at an
    /// `await`); a main-queue block that runs while a window is open
    /// (`SimulatedWorld.holdingTheMainQueue`, from ``inOrder(_:)``) is the run's. A call that comes once the run is finished (the trace
    /// closed, or `finish()` done) is said once on standard error, since no verdict sees it.
    private func reportOutsideCalls() {
        guard glueMayHop else { return }
        let seen = Locked(Set<String>())
        let glue = glueFactory.name
        let order = world.mainQueueOrder
        // Weakly: the trace holds this watcher, and the app holds the trace.
        trace.watchForOutsideCalls { [weak self, weak trace] name, afterTheRun in
            let thread = MainQueue.isCurrent ? "mainQueue" : "appThread"
            if thread == "mainQueue" && order.snapshot.ordering { return }
            let late = self?.state.withLock { $0.finished } ?? true
            if !afterTheRun, seen.withLock({ $0.insert("\(name.rawValue) \(thread)").inserted }) {
                trace?.record(.runOutsideCall, [EventField("call", name.rawValue), EventField("thread", thread)])
            }
            guard afterTheRun || late, seen.withLock({ $0.insert("after the run").inserted }) else { return }
            let from = thread == "mainQueue" ? "a block it gave the main queue" : "a dispatch queue or thread of its own"
            FileHandle.standardError.write(
                Data(
                    ("adharness: \(glue) called the ports (\(name.rawValue)) from \(from) after its run was over: that work ran "
                        + "outside the run's order, and the run's verdict could not see it (noCallOutsideTheRun). Write the hop as "
                        + "DispatchQueue.main.async, main-actor code (Task { @MainActor in ... }) or async/await, which the harness "
                        + "runs in order; a synchronous @MainActor test holds the main queue until it returns.\n").utf8))
        }
    }

    /// Whether the glue may call the ports from outside the run: the package's own glue, and a run
    /// with none, never do, so their runs (the bench's, most of the explorer's, a test of the
    /// package's that reaches a stand-in between steps) need neither the hold nor the watch.
    private var glueMayHop: Bool { !glueFactory.isReference && glueFactory.name != GlueFactory.noGlue.name }

    /// Runs the app's work (a step's, the end's) in the run's order with what it puts on the main
    /// queue: the work runs with the main queue held (``MainQueue/holding(_:)``), so an app's
    /// `DispatchQueue.main.async` block runs after it, in the order the app put it there, then what
    /// is due on the clock after that, again with the main queue held, until a settle records nothing
    /// and sets off no work of the clock's (a block that calls back at once, silently, may have put
    /// another there). A main-queue block runs at the same point of the run at every door, and a port
    /// it calls is the run's. A run stepped from the main queue itself (a synchronous main-actor
    /// test) cannot hold it: the glue's blocks run once the test returns.
    func inOrder(_ work: () -> Void) {
        guard glueMayHop else { return work() }
        let progress: @Sendable () -> Int = { [trace, clock] in trace.count &+ clock.workDone }
        var before = (0, 0)
        var answered = world.holdingTheMainQueue(progress: progress) {
            work()
            before = (trace.count, clock.workDone)
        }
        for _ in 0..<clock.budget.nestedCallbacks {
            guard answered, (trace.count, clock.workDone) != before else { return }
            answered = world.holdingTheMainQueue(progress: progress) {
                clock.run()
                before = (trace.count, clock.workDone)
            }
        }
    }

    /// A step that needs the app running: the body gets the running process.
    func step(_ name: Step.Kind, detail: String? = nil, at site: CallSite, _ body: (HostedProcess) throws -> Void) throws(HarnessFailure) {
        try recordAndRun(name, detail: detail, at: site) {
            guard let process = state.withLock({ $0.running }), process.isRunning else {
                throw HarnessFailure.appNotRunning(
                    step: name.rawValue,
                    reason: state.withLock { $0.closed ? "the user closed it; launch it first" : $0.lastCrash.map { "it crashed: \($0)" } ?? "not launched" }
                )
            }
            try body(process)
        }
    }

    /// A step on the world that needs no running app.
    func worldStep(_ name: Step.Kind, detail: String? = nil, at site: CallSite, _ body: () throws -> Void) throws(HarnessFailure) {
        try recordAndRun(name, detail: detail, at: site, body)
    }

    /// Records the step, runs its body and everything due now, then checks the rules.
    func recordAndRun(_ name: Step.Kind, detail: String?, at site: CallSite, _ body: () throws -> Void) throws(HarnessFailure) {
        // The step is recorded from the driving thread, before anything it sets off: its index is the count now.
        let index = trace.events.count
        trace.record(.step, [EventField(.step, name)] + (detail.map { [EventField(.detail, $0)] } ?? []))
        state.withLock {
            $0.stepped = true
            $0.finished = false
            if site.isKnown { $0.stepCalls[index] = Step.Call(step: name.rawValue, site: site) }
        }
        // A step a test or a scenario file wrote says where it was if the app's code traps or blocks in it.
        let noted =
            site.isKnown
            ? TrapNotice.begin(glue: glueFactory.name, step: name.rawValue, site: "\(site.fileID):\(site.line)", progress: { [trace] in trace.count }) : nil
        defer { noted.map(TrapNotice.end) }
        var thrown: (any Error)?
        inOrder {
            do {
                try clock.drive { try body() }
                clock.run()
            } catch {
                thrown = error
            }
        }
        if let failure = thrown as? HarnessFailure {
            throw failure
        } else if let thrown {
            throw .scenarioIssue("\(name.rawValue): \(thrown)", trace: trace.events)
        }
        noteRunaway()
        state.withLock { $0.lastCall = Step.Call(step: name.rawValue, site: site) }
        try check(Step.Call(step: name.rawValue, site: site))
    }

    /// Records, once, that the clock stopped a runaway: the rule ``RuleID/noRunawayLoop`` reads it.
    func noteRunaway() {
        guard let runaway = clock.runaway,
            state.withLock({ state in
                defer { state.runawayNoted = true }
                return !state.runawayNoted
            })
        else { return }
        trace.record(.runRunaway, [EventField("reason", runaway.reason.rawValue), EventField("repeating", runaway.repeating.joined(separator: "; "))])
    }

    /// Notes a crash, then throws the first new broken rule or scenario issue.
    func check(_ call: Step.Call) throws(HarnessFailure) {
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
