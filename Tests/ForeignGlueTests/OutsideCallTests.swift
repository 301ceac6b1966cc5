import AdHarness
import AdRequestKit
import Foundation
import HarnessCommandLine
import ScenarioRunner
import Testing
import XCTest

/// A glue whose work runs outside the run's order (a block it gives `DispatchQueue.main.async`, as
/// Google's sample does, or a serial queue of its own) is a finding at every door, never a verdict
/// that changes from run to run.
@Suite("Work outside the run's order is a finding")
struct OutsideCallTests {
    /// The rules a verdict broke, each once.
    static func broken(_ verdict: ScenarioVerdict) -> Set<String> { Set(verdict.violations.map(\.rule.rawValue)) }

    @Test(
        "a glue that hops to the main queue fails noCallOutsideTheRun wherever a block it hands the main queue calls a port, the same in every run and at every door"
    )
    func mainQueueHops() throws {
        let glue = GlueFactory(MainQueueGlue.init)
        let files = try ScenarioFile.bundled(for: .anyGlue)
        // By the library, twice: the verdict, and the rules it broke.
        var library: [String: Set<String>] = [:]
        for file in files {
            let verdict = try file.run(glue: glue)
            let again = try file.run(glue: glue)
            library[DoorAgreementTests.key(file.url.path)] = Self.broken(verdict)
            #expect(verdict.passed == again.passed && Self.broken(verdict) == Self.broken(again), "\(file): \(verdict.report)\nthen \(again.report)")
            // A block that only reads (the form is not required, the SDK started already) changes nothing a rule sees.
            #expect(verdict.passed || Self.broken(verdict) == ["noCallOutsideTheRun"], "\(file): \(verdict.report)")
            let outside = verdict.trace.filter { $0.name == .runOutsideCall }
            #expect(verdict.passed == outside.isEmpty && outside.allSatisfy { $0.description.contains("thread=mainQueue") }, "\(file)")
        }
        #expect(library.values.count { !$0.isEmpty } >= 40)

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

/// A glue that asks for the consent update from a serial queue of its own.
final class OwnQueueLaunchGlue: ConsentGlue, Sendable {
    private let ports: AppPorts
    private let queue: DispatchQueue

    init(ports: AppPorts, queue: DispatchQueue) {
        self.ports = ports
        self.queue = queue
    }

    func didFinishLaunching() {
        queue.async { self.ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in } }
    }

    func runOnboarding() {}
    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
    func requestAd(adUnitID: String) {}
    func openPrivacyOptions() {}
    func readAdvertisingIdentifier() -> UUID? { nil }
}

/// The same glue from XCTest, whose tests run on the main thread: there the harness runs the main
/// queue's blocks itself, on the thread that steps the run, and they are the same finding as in the
/// team tool's workers, which run on a thread of their own.
final class OutsideCallXCTests: XCTestCase {
    func testMainQueueHopsAreTheSameFindingOnTheMainThread() throws {
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
        XCTAssertGreaterThanOrEqual(found, 40)
    }
}
