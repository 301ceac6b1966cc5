import AdHarness
import AdRequestKit
import Foundation
import ScenarioRunner
import Testing

// Reproduces the dispatch-queue nondeterminism (run with REPRO=1; REPRO_FILE=NAME or all for the
// one-file variant): pass counts and trace variation of glues that hop to the main queue or to a
// serial queue of their own, by the library from a plain test and from a main-actor test.

@Suite("repro: dispatch queues")
struct QueueReproTests {
    static func count(_ glue: GlueFactory) throws -> (Int, Int, [String: Int]) {
        let files = try ScenarioFile.bundled(for: .anyGlue)
        var passed = 0
        var failing: [String: Int] = [:]
        for file in files {
            let result = try file.run(glue: glue)
            if result.passed {
                passed += 1
            } else {
                for v in result.violations { failing[v.rule.rawValue, default: 0] += 1 }
            }
        }
        return (passed, files.count, failing)
    }

    static func stability(_ glue: GlueFactory, runs: Int) throws -> (Int, Int) {
        let files = try ScenarioFile.bundled(for: .anyGlue)
        var unstable = 0
        var passes = 0
        for file in files {
            var traces = Set<String>()
            for _ in 0..<runs {
                let r = try file.run(glue: glue)
                if r.passed { passes += 1 }
                traces.insert(r.trace.map { "\($0.name.rawValue) \($0.fields.map { "\($0.name)=\($0.value)" })" }.joined(separator: "\n"))
            }
            if traces.count > 1 { unstable += 1 }
        }
        return (unstable, passes)
    }

    @Test("stability", arguments: [GlueFactory(MainQueueGlue.init), GlueFactory(OwnQueueGlue.init), GlueFactory(EarlyAdsGlue.init)])
    func stable(_ glue: GlueFactory) throws {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        let (u, p) = try Self.stability(glue, runs: 5)
        print("REPRO stability \(glue.name): files with differing traces over 5 runs: \(u)/64, passes \(p)/320")
    }

    @MainActor
    @Test("stability main actor", arguments: [GlueFactory(MainQueueGlue.init), GlueFactory(OwnQueueGlue.init)])
    func stableMain(_ glue: GlueFactory) throws {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        let (u, p) = try Self.stability(glue, runs: 5)
        print("REPRO stability-mainactor \(glue.name): files with differing traces over 5 runs: \(u)/64, passes \(p)/320")
    }

    @Test("repro", arguments: [GlueFactory(MainQueueGlue.init), GlueFactory(OwnQueueGlue.init), GlueFactory(EarlyAdsGlue.init)])
    func repro(_ glue: GlueFactory) throws {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        for _ in 0..<5 {
            let (p, n, f) = try Self.count(glue)
            print("REPRO library \(glue.name): \(p)/\(n) \(f)")
        }
    }

    @MainActor
    @Test("repro main actor", arguments: [GlueFactory(MainQueueGlue.init), GlueFactory(OwnQueueGlue.init)])
    func reproMain(_ glue: GlueFactory) throws {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        for _ in 0..<3 {
            let (p, n, f) = try Self.count(glue)
            print("REPRO library-mainactor \(glue.name): \(p)/\(n) \(f)")
        }
    }
}

@Suite("repro: where main runs")
struct WhereMainRunsTests {
    @MainActor
    @Test func mainActorTest() {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { done.signal() }
        let result = done.wait(timeout: .now() + 1)
        print("REPRO mainActor test: isMainThread=\(Thread.isMainThread) main block ran during the body: \(result == .success)")
    }

    @Test func plainTest() {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            print("REPRO main block isMainThread=\(Thread.isMainThread)")
            done.signal()
        }
        let result = done.wait(timeout: .now() + 1)
        print("REPRO plain test: isMainThread=\(Thread.isMainThread) main block ran: \(result == .success)")
    }
}

@Suite("repro: door traces")
struct DoorTraceReproTests {
    static func traces() throws -> [String] {
        try ScenarioFile.bundled(for: .anyGlue).map { file in
            let r = try file.run(glue: GlueFactory(MainQueueGlue.init))
            return "\(file.url.lastPathComponent) \(r.passed) " + r.trace.map { "\($0.name.rawValue)" }.joined(separator: ",")
        }
    }

    @MainActor
    @Test func mainActorDoor() throws {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        for trace in try Self.traces() where trace.hasPrefix("settings-while-tracking") { print("REPRO MA \(trace)") }
    }

    @Test func plainDoor() throws {
        guard ProcessInfo.processInfo.environment["REPRO"] != nil else { return }
        for trace in try Self.traces() where trace.hasPrefix("settings-while-tracking") { print("REPRO PL \(trace)") }
    }
}

@Suite("repro: one file")
struct OneFileReproTests {
    @Test func oneFile() throws {
        guard let name = ProcessInfo.processInfo.environment["REPRO_FILE"] else { return }
        for file in try ScenarioFile.bundled(for: .anyGlue) where name == "all" || file.url.lastPathComponent == name {
            var seen: [String: Int] = [:]
            for _ in 0..<6 {
                let r = try file.run(glue: GlueFactory(MainQueueGlue.init))
                let key = "\(r.passed) \(r.violations.map(\.rule.rawValue)) " + r.trace.map { "\($0.name.rawValue)" }.joined(separator: ",")
                seen[key, default: 0] += 1
            }
            if seen.count > 1 || name != "all" { for (k, v) in seen { print("REPRO1 \(file.url.lastPathComponent) \(v)x \(k)") } }
        }
    }
}

/// Google's sample's shape deciding on a serial queue of its own: every callback hops onto the
/// glue's queue before it reads the SDKs and decides.
final class OwnQueueGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let queue = DispatchQueue(label: "app.consent")
    private var started = false, gathering = false, askWhenActive = false  // on `queue`

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() { queue.async { self.gatherConsent() } }

    func didBecomeActive() {
        queue.async {
            if swap(&self.askWhenActive, false) { self.askTracking() }
        }
    }

    func runOnboarding() { queue.async { self.gatherConsent() } }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        queue.async {
            self.askTracking()
            completion()
        }
    }

    func requestAd(adUnitID: String) {
        queue.async {
            guard self.ports.consentInformation.canRequestAds else { return }
            self.startIfAllowed()
            self.ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { _ in }
        }
    }

    func openPrivacyOptions() {
        queue.async {
            guard self.ports.consentInformation.privacyOptionsRequirement == .required else { return }
            self.ports.consentForms.presentPrivacyOptionsForm { _ in self.queue.async { self.startIfAllowed() } }
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gatherConsent() {
        guard !swap(&gathering, true) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { error in
            self.queue.async {
                guard error == nil else { return self.gatheringComplete() }
                self.ports.consentForms.loadAndPresentIfRequired { _ in self.queue.async { self.gatheringComplete() } }
            }
        }
        startIfAllowed()
    }

    private func gatheringComplete() {
        gathering = false
        askTracking()
        startIfAllowed()
    }

    private func askTracking() {
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        guard ports.lifecycle.isActive else {
            askWhenActive = true
            return
        }
        ports.tracking.requestTrackingAuthorization { status in
            self.queue.async {
                if status == .notDetermined, !self.ports.lifecycle.isActive { self.askWhenActive = true }
            }
        }
    }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !swap(&started, true) else { return }
        ports.adSDK.start {}
    }
}
