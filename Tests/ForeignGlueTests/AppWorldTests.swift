import AdHarness
import Foundation
import ScenarioRunner
import Testing

/// What real apps branch on and drive besides the SDKs: the OS version, the app's own controls.
@Suite("The app's world")
struct AppWorldTests {
    /// Asks for tracking only where the prompt is enforced, as apps write `if #available(iOS 14.5, *)`.
    @MainActor
    final class AvailableGlue: AsyncConsentGlue {
        let ports: AppPorts
        init(ports: AppPorts) { self.ports = ports }

        func runOnboarding() async {
            if ports.system.isAvailable(14, 5) { _ = await ports.tracking.requestTrackingAuthorization() }
        }

        func didFinishLaunching() async {}
        func requestTracking() async {}
        func requestAd(adUnitID: String) async {}
        func openPrivacyOptions() async {}
        func readAdvertisingIdentifier() async -> UUID? { nil }
    }

    @Test("the device's OS version reaches the glue, so an #available branch runs as written", arguments: [("14.4", 0), ("14.5", 1), ("18.0", 1)])
    func osVersionBranch(version: String, prompts: Int) throws {
        let app = try SimulatedApp(glue: AvailableGlue.init, device: Device(osVersion: OSVersion(stringLiteral: version), region: .other), user: User(trackingPrompt: .allow))
        try app.launch()
        try app.onboarding()
        try app.runUntilIdle()
        #expect(app.trackingPrompts == prompts)
    }

    /// Shows its own screen before the tracking prompt, as many apps do, and asks only once the
    /// user taps its Continue button.
    final class PrePromptGlue: ConsentGlue, @unchecked Sendable {
        static var controls: [String] { ["continue"] }
        let ports: AppPorts
        let showing = Protected(false)
        init(ports: AppPorts) { self.ports = ports }

        func runOnboarding() { showing.withLock { $0 = true } }

        func tap(_ control: String) {
            guard control == "continue", showing.withLock({ swap(&$0, false) }) else { return }
            ports.tracking.requestTrackingAuthorization { _ in }
        }

        func didFinishLaunching() {}
        func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
        func requestAd(adUnitID: String) {}
        func openPrivacyOptions() {}
        func readAdvertisingIdentifier() -> UUID? { nil }
    }

    @Test("a tap on the app's own Continue button is a step: the prompt comes after it, not before")
    func tapContinue() throws {
        let app = try SimulatedApp(glue: PrePromptGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        try app.launch()
        try app.onboarding()
        #expect(app.trackingPrompts == 0)
        try app.tap("continue")
        #expect(app.trackingPrompts == 1)
        #expect(app.trace.events.contains { $0.name == .step && $0["detail"] == "continue" })
    }

    @Test("a tap on a control the glue does not declare is a scenario issue that names the declared ones")
    func tapUnknownControl() throws {
        let app = try SimulatedApp(glue: PrePromptGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.tap("skip") }
        #expect(failure?.description.contains("PrePromptGlue declares continue") == true, "\(String(describing: failure))")
    }

    @Test("a scenario taps with {\"tap\": name}, and the explorer taps every declared control")
    func tapInScenariosAndExploration() throws {
        let scenario = try Scenario.decode(json: #"{"name": "x", "device": {"region": "other"}, "user": {"trackingPrompt": "allow"}, "steps": ["launch", "onboarding", {"tap": "continue"}], "expect": {"trackingPrompts": 1}}"#)
        let verdict = scenario.run(glue: PrePromptGlue.init)
        #expect(verdict.passed, "\(verdict)")
        let explorer = try Explorer(glue: PrePromptGlue.init, startingPoint: #"{"device": {"region": "other"}}"#, bounds: ExplorationBounds(depth: 3, maxFaults: 0))
        #expect(explorer.bounds.steps.contains(.step(.tap("continue"))))
        let report = explorer.breadthFirst()
        #expect(report.passed, "\(report.summary)")
    }
}
