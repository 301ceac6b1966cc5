import AdHarness
import AdRequestKit
import Foundation
import ScenarioRunner
import Testing

/// A rule fires on the harm it names, never on an order or a count that harms nothing (issue 37):
/// correct glues that earlier rules warned about get no warning.
@Suite("No warning where nothing is wrong")
struct NoFalseAlarmTests {
    @Test("tags set in the start completion, before any request, warn of nothing on any bundled scenario for any glue")
    func tagsSetBeforeAnyRequest() throws {
        var warned: [String] = []
        for file in try ScenarioFile.bundled(for: .anyGlue) {
            let verdict = try file.run(glue: GlueFactory(TagsAfterStartGlue.init), rules: .standard)
            if (verdict.violations + verdict.warnings).contains(where: { $0.rule == .requestConfigurationBeforeStart }) {
                warned.append(file.displayPath)
            }
        }
        #expect(warned.isEmpty, "\(warned)")
    }

    @Test(
        "an app that loads its banner in the ad SDK's start completion, which never comes while the update fails, is not told it kept the stored decision's ads back"
    )
    func adSDKStartWithheldWhileTheUpdateFails() throws {
        // Only the update's own withheld callback is work that pays nothing: a start that never
        // completes leaves an app that loads in its completion waiting, not at fault.
        let scenario = try Scenario.decode(
            json: """
                {"name":"returning user offline, the ad SDK start never completes","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "faults":[{"target":"consentInfoUpdate","error":"network"},{"target":"adStart","callback":"never"}],"steps":["launch","requestAd"],"expect":{}}
                """
        )
        let verdict = scenario.run(glue: GlueFactory(LoadsWhenStartedGlue.init), rules: .standard)
        #expect(verdict.passed && verdict.warnings.isEmpty, "\(verdict.report)")
        #expect(verdict.trace.contains { $0.name == .callbackWithheld && $0["callback"] == "ads.start completion" }, "\(verdict.report)")
    }

    @Test("npa=1 kept while this session's consent update failed is no stale decision; once it answers, personalized ads go out")
    func npaKeptOnAnUnconfirmedAnswer() throws {
        let offline = try Scenario.decode(
            json: """
                {"name":"returning user, offline","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "faults":[{"target":"consentInfoUpdate","error":"network"}],"steps":["launch","requestAd"],"expect":{"adRequests":[{"npa":true}]}}
                """
        )
        let verdict = offline.run(glue: GlueFactory(ConfirmedConsentGlue.init), rules: .standard)
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.warnings.isEmpty, "\(verdict.warnings.map(\.summary))")
        let online = try Scenario.decode(
            json: """
                {"name":"returning user","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "steps":["launch","requestAd"],"expect":{"adRequests":[{"mode":"personalized"}]}}
                """
        )
        #expect(online.run(glue: GlueFactory(ConfirmedConsentGlue.init), rules: .standard).passed)
    }

    @Test(
        "an app that waits for a decided tracking answer before its ads owes none when a Settings change leaves tracking undecided and the user leaves the prompt"
    )
    func noAdWhileTrackingUndecidedAgain() throws {
        // Found by exploring the glue (depth 5): the ad was wanted while tracking was denied by the
        // system switch; the switch back on made it undecided, and the user left the prompt the app
        // then showed. Google's IDFA guide has ads load after the tracking answer: none came.
        let undecided = try Scenario.decode(
            json: """
                {"name":"tracking undecided again","glue":"any",
                 "user":{"trackingPrompt":"leaveApp","consentForm":"acceptAll","privacyOptionsForm":"acceptAll"},
                 "faults":[{"target":"formPresent","delay":"301s","times":1}],
                 "steps":["launch",{"settings":{"allowAppsToRequestToTrack":false}},"requestAd",
                          {"settings":{"allowAppsToRequestToTrack":true}},{"advance":"301s"}],"expect":{}}
                """
        )
        let verdict = undecided.run(glue: ActivationStateMachineGlue.adsOnlyAfterDecidedTracking, rules: .standard)
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.warnings.isEmpty, "\(verdict.warnings.map(\.summary))")
        // The same app and user, the switch left off: tracking stays decided, and the ad goes out.
        let decided = try Scenario.decode(
            json: """
                {"name":"tracking decided","glue":"any",
                 "user":{"trackingPrompt":"leaveApp","consentForm":"acceptAll","privacyOptionsForm":"acceptAll"},
                 "faults":[{"target":"formPresent","delay":"301s","times":1}],
                 "steps":["launch",{"settings":{"allowAppsToRequestToTrack":false}},"requestAd",{"advance":"301s"}],"expect":{}}
                """
        )
        let sent = decided.run(glue: ActivationStateMachineGlue.adsOnlyAfterDecidedTracking, rules: .standard)
        #expect(sent.warnings.isEmpty && sent.trace.contains { $0.name == .adsRequest }, "\(sent.report)")
    }

    @Test("a game that loads a new interstitial after each one is shown shows one at every break, with no warning")
    func interstitialReloaded() throws {
        let breaks = try Scenario.decode(
            json: """
                {"name":"three breaks","previousSession":{"tracking":"authorized","consent":"obtained"},
                 "steps":["launch","requestAd",{"advance":"5s"},"requestAd",{"advance":"5s"},"requestAd",{"advance":"5s"}],"expect":{}}
                """
        )
        let verdict = breaks.run(glue: InterstitialBreakGlue.factory(reloadsAfterEachShow: true), rules: .standard)
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.warnings.isEmpty, "\(verdict.warnings.map(\.summary))")
        #expect(verdict.trace.filter { $0.name == .adsPresent }.count == 3)
    }

    // That every correct glue raises no finding on any bundled scenario for any glue is AnyGlueMatrixTests.
}

/// Google's older banner sample: the ad SDK started on the stored decision at launch, and the banner
/// loaded in the start's completion (or at once, once it has started).
private final class LoadsWhenStartedGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let lock = NSLock()
    private var started = false, startAsked = false, wanted: String?  // guarded by `lock`

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in self.start() }
        start()
    }

    func runOnboarding() {}
    func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }
    func readAdvertisingIdentifier() -> UUID? { nil }

    func requestAd(adUnitID: String) {
        let now = lock.withLock {
            wanted = adUnitID
            return started
        }
        if now { load() }
    }

    private func start() {
        guard ports.consentInformation.canRequestAds, !lock.withLock({ swap(&startAsked, true) }) else { return }
        ports.adSDK.start {
            self.lock.withLock { self.started = true }
            self.load()
        }
    }

    private func load() {
        guard let unit = lock.withLock({ swap(&wanted, nil) }), ports.consentInformation.canRequestAds else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: unit)) { _ in }
    }
}
