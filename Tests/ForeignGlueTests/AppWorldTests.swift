import AdHarness
import AdRequestKit
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
        let app = try SimulatedApp(
            glue: AvailableGlue.init, device: Device(osVersion: OSVersion(stringLiteral: version), region: .other), user: User(trackingPrompt: .allow))
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
        let scenario = try Scenario.decode(
            json:
                #"{"name": "x", "device": {"region": "other"}, "user": {"trackingPrompt": "allow"}, "steps": ["launch", "onboarding", {"tap": "continue"}], "expect": {"trackingPrompts": 1}}"#
        )
        let verdict = scenario.run(glue: PrePromptGlue.init)
        #expect(verdict.passed, "\(verdict)")
        let explorer = try Explorer(
            glue: PrePromptGlue.init, startingPoint: #"{"device": {"region": "other"}}"#, bounds: ExplorationBounds(depth: 3, maxFaults: 0))
        #expect(explorer.bounds.steps.contains(.step(.tap("continue"))))
        let report = explorer.breadthFirst()
        #expect(report.passed, "\(report.summary)")
    }

    /// Loads an interstitial at a break in the app and presents it; `npa` set or not, as told.
    @MainActor
    final class InterstitialGlue: AsyncConsentGlue {
        let ports: AppPorts
        private(set) var lastAd: LoadedAd?
        init(ports: AppPorts) { self.ports = ports }

        func runOnboarding() async {
            try? await ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters())
            try? await ports.consentForms.loadAndPresentIfRequired()
            _ = await ports.tracking.requestTrackingAuthorization()
            await ports.adSDK.start()
        }

        func requestAd(adUnitID: String) async {
            guard ports.consentInformation.canRequestAds else { return }
            // A mistake kept on purpose: the ad shown last time is shown again, which the SDK refuses.
            if let lastAd {
                try? await ports.adSDK.presentAd(lastAd)
                return
            }
            let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && TCFSignals(store: ports.store).allowPersonalizedAds
            let request = AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"], format: .interstitial)
            guard let ad = try? await ports.adSDK.loadAd(request) else { return }
            lastAd = ad
            try? await ports.adSDK.presentAd(ad)
        }

        func didFinishLaunching() async {}
        func requestTracking() async {}
        func openPrivacyOptions() async { try? await ports.consentForms.presentPrivacyOptionsForm() }
        func readAdvertisingIdentifier() async -> UUID? { nil }
    }

    /// Shows an interstitial whenever the app has a break, without asking whether ads may be requested.
    @MainActor
    final class EagerInterstitialGlue: AsyncConsentGlue {
        let ports: AppPorts
        init(ports: AppPorts) { self.ports = ports }
        func requestAd(adUnitID: String) async {
            if let ad = try? await ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, format: .interstitial)) { try? await ports.adSDK.presentAd(ad) }
        }
        func runOnboarding() async {}
        func didFinishLaunching() async {}
        func requestTracking() async {}
        func openPrivacyOptions() async {}
        func readAdvertisingIdentifier() async -> UUID? { nil }
    }

    @Test("a full-screen ad is loaded, covers the app until the user closes it, and shows once")
    func interstitialShownOnce() throws {
        let app = try SimulatedApp(glue: InterstitialGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.runUntilIdle()
        try app.requestAd()
        #expect(app.trace.events.contains { $0.name == .adsRequest && $0["format"] == "interstitial" })
        #expect(app.trace.events.contains { $0.name == .adsPresent })
        #expect(app.leftovers.suspendedTasks == ["requestAd"], "the glue waits for the user to close the ad")
        try app.advance(by: User.fullScreenAdWatchTime)
        #expect(app.trace.events.contains { $0.name == .adsDismiss })
        #expect(app.leftovers.suspendedTasks.isEmpty)
        try app.requestAd()
        #expect(app.trace.events.last { $0.name == .adsPresentFailed }?["error"] == "adAlreadyUsed")
        #expect(app.trace.events.filter { $0.name == .adsPresent }.count == 1)
    }

    @Test("the invariants hold full-screen requests too: an interstitial before consent is gathered is caught")
    func interstitialBeforeConsent() throws {
        let app = try SimulatedApp(glue: EagerInterstitialGlue.init, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.requestAd() }
        guard case .invariantViolated(let violation) = failure else {
            Issue.record("expected a violation, got \(String(describing: failure))")
            return
        }
        #expect(violation.rule == .noRequestWithoutConsentSDKPermission)
    }

    /// The pre-prompt screen written with async/await: onboarding waits until Continue is tapped.
    @MainActor
    final class AsyncPrePromptGlue: AsyncConsentGlue {
        nonisolated static var controls: [String] { ["continue"] }
        let ports: AppPorts
        private var continueTapped: CheckedContinuation<Void, Never>?
        init(ports: AppPorts) { self.ports = ports }

        func runOnboarding() async {
            await withCheckedContinuation { continueTapped = $0 }
            _ = await ports.tracking.requestTrackingAuthorization()
        }

        func tap(_ control: String) async {
            continueTapped?.resume()
            continueTapped = nil
        }

        func didFinishLaunching() async {}
        func requestTracking() async {}
        func requestAd(adUnitID: String) async {}
        func openPrivacyOptions() async {}
        func readAdvertisingIdentifier() async -> UUID? { nil }
    }

    @Test("an async onboarding that waits for a tap goes on when tapped, and is a leftover, not an issue, when never tapped")
    func asyncTap() throws {
        let tapped = try SimulatedApp(glue: AsyncPrePromptGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        try tapped.launch()
        try tapped.onboarding()
        #expect(tapped.trackingPrompts == 0)
        try tapped.tap("continue")
        #expect(tapped.trackingPrompts == 1)
        #expect(try tapped.finish().suspendedTasks.isEmpty)

        let untapped = try SimulatedApp(glue: AsyncPrePromptGlue.init, device: Device(region: .other), user: User(trackingPrompt: .allow))
        try untapped.launch()
        try untapped.onboarding()
        #expect(try untapped.finish().suspendedTasks == ["runOnboarding"])
    }

    /// A clock that forwards to another, as a logging decorator would.
    struct ForwardingClock: AppClock {
        let base: any AppClock
        var now: Duration { base.now }
        func schedule(after delay: Duration, label: String, _ work: @escaping @Sendable () -> Void) -> any ScheduledWork {
            base.schedule(after: delay, label: label, work)
        }
    }

    @Test("an async glue runs on ports whose clock a mappingPorts transform wrapped")
    func asyncGlueWithWrappedClock() throws {
        let glue = GlueFactory(AwaitingConsentGlue.init).mappingPorts { ports in
            var ports = ports
            ports.clock = ForwardingClock(base: ports.clock)
            return ports
        }
        let app = try SimulatedApp(glue: glue, device: Device(region: .eea), user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        try app.launch()
        try app.onboarding()
        try app.advance(by: .seconds(1))
        #expect(app.trackingPrompts == 1)
        #expect(try app.finish().suspendedTasks.isEmpty)
    }
}
