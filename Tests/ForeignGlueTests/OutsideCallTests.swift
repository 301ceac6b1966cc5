import AdHarness
import AdRequestKit
import Foundation
import HarnessCommandLine
import ScenarioRunner
import Testing
import XCTest

/// A glue that hops to `DispatchQueue.main.async`, as Google's sample does, has its blocks run in
/// the run's order at every door, so its verdict is the same in every run; work that runs outside
/// the run's order (a serial queue of the glue's own, a main-queue block between steps) is a finding.
@Suite("Main-queue hops run in order; work outside the run's order is a finding")
struct OutsideCallTests {
    /// The rules a verdict broke, each once.
    static func broken(_ verdict: ScenarioVerdict) -> Set<String> { Set(verdict.violations.map(\.rule.rawValue)) }

    @Test("a glue that hops to the main queue passes every any-glue scenario, the same in every run and at every door")
    func mainQueueHops() throws {
        let glue = GlueFactory(MainQueueGlue.init)
        let files = try ScenarioFile.bundled(for: .anyGlue)
        // By the library, twice: the verdict, and the rules it broke.
        var library: [String: Set<String>] = [:]
        for file in files {
            let verdict = try file.run(glue: glue)
            let again = try file.run(glue: glue)
            library[DoorAgreementTests.key(file.url.path)] = Self.broken(verdict)
            #expect(verdict.passed && again.passed, "\(file): \(verdict.report)\nthen \(again.report)")
            #expect(verdict.trace.map(\.description) == again.trace.map(\.description), "\(file): the trace differs from run to run")
            #expect(verdict.trace.filter { $0.name == .runOutsideCall }.isEmpty, "\(file)")
        }

        // The team tool's run in worker processes, and in this process.
        let workersText = try DoorAgreementTests.teamToolRun(glue, files).output
        let printed = Printed()
        _ = HarnessCommandLine.run(
            ["run", "--in-process", "--glue", glue.name, "--format", "json"] + files.map(\.url.path), glues: [glue],
            output: Output(output: printed.append, errors: { _ in }))
        for (door, text) in [("workers", workersText), ("in process", printed.text)] {
            let verdicts = try DoorAgreementTests.verdicts(fromRunJSON: text)
            for (path, rules) in library {
                #expect(
                    verdicts[path].map { $0.passed == rules.isEmpty && Set($0.failures) == rules } == true,
                    "\(door), \(path): \(verdicts[path].map(\.description) ?? "no result"), library \(rules)")
            }
        }
    }

    @Test("a main-queue block of the glue's runs inside the step that set it off: the form it presents is the launch's, and so is the ad it allows")
    func mainQueueBlockRunsInItsStep() throws {
        let app = try SimulatedApp(
            glue: MainQueueGlue.init, setup: RunSetup(device: Device(region: .eea), user: User(trackingPrompt: .deny, consentForm: .acceptAll)))
        try app.launch()
        // The update's completion hops to the main queue to load and present the form, and the
        // form's completion hops there again: all of it ran before `launch()` returned.
        #expect(app.consentFormsShown == 1)
        #expect(app.trace.events(named: .runOutsideCall).isEmpty)
        try app.requestAd()
        try app.finish()
        #expect(app.adRequests.count == 1)
    }

    @Test("a chain of six main-queue blocks, each putting the next there, runs inside its step too")
    func chainedBlocks() throws {
        let app = try SimulatedApp(glue: { ChainedMainQueueGlue(ports: $0, links: 6) })
        try app.launch()
        #expect(app.trace.events(named: .consentUpdate).count == 1)
        try app.finish()
    }

    @Test("a glue that waits for the main queue in a step (DispatchQueue.main.sync) is not stuck there: the harness lets go of the main queue")
    func mainQueueSyncInAStep() throws {
        let app = try SimulatedApp(glue: SyncOnMainLaunchGlue.init)
        try app.launch()
        #expect(app.trace.events(named: .consentUpdate).count == 1)
        try app.finish()
    }

    @Test("after a DispatchQueue.main.sync in a step, the step's later main-queue hops run in its order again: no outside call")
    func mainQueueSyncThenHop() throws {
        let app = try SimulatedApp(
            glue: SyncThenHopLaunchGlue.init, setup: RunSetup(device: Device(region: .eea), user: User(trackingPrompt: .deny, consentForm: .acceptAll)))
        try app.launch()
        // The main.sync waited half a second for the hold to let go; the completion's hop, put on the
        // main queue after that, ran behind the hold taken again, in the run's order.
        #expect(app.trace.events(named: .runOutsideCall).isEmpty, "\(app.trace.events(named: .runOutsideCall))")
        #expect(app.trace.events(named: .consentFormLoad).count == 1)
        try app.finish()
    }

    @Test("a main-queue block that calls a port between steps, outside the run's order, fails noCallOutsideTheRun")
    func mainQueueBetweenSteps() throws {
        let kept = KeptPorts()
        let app = try SimulatedApp(glue: { PortsKeepingGlue(ports: $0, keep: kept) })
        try app.launch()
        // Not a step: the main queue runs a block of the app's while the test, not the harness, has the run.
        DispatchQueue.main.sync { kept.ports?.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in } }
        #expect(throws: HarnessFailure.self) { try app.finish() }
        let outside = try #require(app.trace.events(named: .runOutsideCall).first)
        #expect(outside.description.contains("call=consent.update") && outside.description.contains("thread=mainQueue"), "\(outside)")
    }

    @Test("a glue that calls a port from a serial queue of its own fails noCallOutsideTheRun, naming the call")
    func ownQueue() throws {
        let queue = DispatchQueue(label: "app.consent")
        // The queue waits until the launch step is over, then the test waits for it: the call comes
        // from the glue's queue between steps, in every run alike.
        queue.suspend()
        let app = try SimulatedApp(glue: { OwnQueueLaunchGlue(ports: $0, queue: queue) })
        try app.launch()
        #expect(app.trace.events(named: .runOutsideCall).isEmpty)
        queue.resume()
        queue.sync {}
        do {
            try app.finish()
            Issue.record("finish() passed; expected noCallOutsideTheRun")
        } catch {
            guard case .invariantViolated(let violation) = error else { return #expect(Bool(false), "\(error)") }
            #expect(violation.rule == .noCallOutsideTheRun)
        }
        let outside = try #require(app.trace.events(named: .runOutsideCall).first)
        #expect(outside.description.contains("call=consent.update") && outside.description.contains("thread=appThread"), "\(outside)")
    }
}

/// A test glue that does one thing at launch: its other entry points do nothing.
protocol IdleEntryPoints: ConsentGlue {}

extension IdleEntryPoints {
    func runOnboarding() {}
    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
    func requestAd(adUnitID: String) {}
    func openPrivacyOptions() {}
    func readAdvertisingIdentifier() -> UUID? { nil }
}

/// A glue that asks for the consent update at the end of a chain of main-queue blocks, each
/// putting the next there, at launch.
final class ChainedMainQueueGlue: IdleEntryPoints, Sendable {
    private let ports: AppPorts
    private let links: Int

    init(ports: AppPorts, links: Int) {
        self.ports = ports
        self.links = links
    }

    func didFinishLaunching() { hop(links) }

    private func hop(_ left: Int) {
        DispatchQueue.main.async {
            guard left > 1 else { return self.ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in } }
            self.hop(left - 1)
        }
    }
}

/// A glue that asks for the consent update from the main queue at launch, waiting for it there.
final class SyncOnMainLaunchGlue: IdleEntryPoints, Sendable {
    private let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        DispatchQueue.main.sync { ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in } }
    }
}

/// A glue that reads something on the main queue with `DispatchQueue.main.sync` at launch, then asks
/// for the consent update, whose completion hops with `DispatchQueue.main.async` to load the form.
final class SyncThenHopLaunchGlue: IdleEntryPoints, Sendable {
    private let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        _ = DispatchQueue.main.sync { 0 }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            DispatchQueue.main.async { self.ports.consentForms.loadAndPresentIfRequired { _ in } }
        }
    }

    func openPrivacyOptions() {
        guard ports.consentInformation.privacyOptionsRequirement == .required else { return }
        ports.consentForms.presentPrivacyOptionsForm { _ in }
    }
}

/// The ports a glue handed to the test.
final class KeptPorts: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: AppPorts?  // guarded by `lock`
    var ports: AppPorts? {
        get { lock.withLock { kept } }
        set { lock.withLock { kept = newValue } }
    }
}

/// A glue that does nothing, and hands its ports to the test, which calls one from outside the run.
final class PortsKeepingGlue: IdleEntryPoints, Sendable {
    init(ports: AppPorts, keep: KeptPorts) { keep.ports = ports }

    func didFinishLaunching() {}
}

/// A glue that asks for the consent update from a serial queue of its own.
final class OwnQueueLaunchGlue: IdleEntryPoints, Sendable {
    private let ports: AppPorts
    private let queue: DispatchQueue

    init(ports: AppPorts, queue: DispatchQueue) {
        self.ports = ports
        self.queue = queue
    }

    func didFinishLaunching() {
        queue.async { self.ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in } }
    }
}

/// The same glue from XCTest, whose tests run on the main thread: there the harness runs the main
/// queue's blocks itself, on the thread that steps the run, and the verdicts are the team tool's
/// workers', which run on a thread of their own.
final class OutsideCallXCTests: XCTestCase {
    func testMainQueueHopsHaveTheSameVerdictOnTheMainThread() throws {
        let glue = GlueFactory(MainQueueGlue.init)
        let files = try ScenarioFile.bundled(for: .anyGlue)
        let inWorkers = try DoorAgreementTests.verdicts(fromRunJSON: DoorAgreementTests.teamToolRun(glue, files).output)
        var found = 0
        for file in files {
            let here = try file.run(glue: glue)
            let there = inWorkers[DoorAgreementTests.key(file.url.path)]
            found += here.passed ? 0 : 1
            XCTAssertEqual(there?.passed, here.passed, "\(file): main thread \(here.report), workers \(there.map(\.description) ?? "none")")
            XCTAssertEqual(there.map { Set($0.failures) }, OutsideCallTests.broken(here), "\(file)")
        }
        XCTAssertEqual(found, 0)
    }
}
