import AdHarness
import AdRequestKit
import Foundation

/// The package's own glue as it behaved before three bugs found by random scenarios were fixed,
/// each bug switched on alone, so a test can show the explorer finding it with no hint.
///
/// Apart from the bug switched on, it decides every request from what the OS and the consent SDK
/// say at that moment, asks for tracking once the app is active, and starts the ad SDK only once
/// tracking is decided and ads are allowed.
final class PreFixGlue: ConsentGlue, @unchecked Sendable {
    /// The three bugs.
    enum Bug: String, CaseIterable, Sendable {
        /// A consent update that completes after the app's 10 s timeout is dropped: requests keep
        /// the `canRequestAds` cached before it, even when the consent SDK now says false.
        case dropsLateConsentUpdate
        /// Any tracking answer, `notDetermined` included (the system switch off), is stored as
        /// "tracking asked", and a later launch starts the ad SDK on that flag alone.
        case startsOnStaleTrackingFlag
        /// A tracking answer after the app's 60 s timeout is ignored: requests keep `npa=1`
        /// until the next launch though the user allowed tracking.
        case ignoresLateTrackingAnswer
    }

    static let trackingAskedKey = "prefix.trackingAsked"
    private let ports: AppPorts
    private let bug: Bug
    private let state = Protected(State())

    private struct State {
        var cachedCanRequestAds = false
        var cachedTracking = TrackingAuthorizationStatus.notDetermined
        var sdkStarted = false
        var askWhenActive = false
    }

    init(ports: AppPorts, bug: Bug) {
        self.ports = ports
        self.bug = bug
    }

    /// A factory for the harness, one glue a process.
    static func factory(_ bug: Bug) -> GlueFactory {
        GlueFactory(name: "glue before the fix (\(bug.rawValue))") { PreFixGlue(ports: $0, bug: bug) }
    }

    func didFinishLaunching() {
        let (information, tracking) = (ports.consentInformation, ports.tracking)
        let timedOut = Protected(false)
        ports.clock.schedule(after: .seconds(10), label: "consent update timeout") { timedOut.withLock { $0 = true } }
        information.requestInfoUpdate(with: ConsentRequestParameters()) { [self] _ in
            if bug == .dropsLateConsentUpdate && timedOut.withLock({ $0 }) { return }
            state.withLock { $0.cachedCanRequestAds = information.canRequestAds }
            startAdsIfAllowed()
        }
        // The update restores the last session's answers at once; the glue caches them.
        state.withLock { state in
            state.cachedCanRequestAds = information.canRequestAds
            state.cachedTracking = tracking.trackingAuthorizationStatus
        }
        startAdsIfAllowed()
    }

    func didBecomeActive() {
        if state.withLock({ swap(&$0.askWhenActive, false) }) { requestTracking {} }
        startAdsIfAllowed()
    }

    func runOnboarding() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [self] _ in
            state.withLock { $0.cachedCanRequestAds = ports.consentInformation.canRequestAds }
            ports.consentForms.loadAndPresentIfRequired { [self] _ in
                state.withLock { $0.cachedCanRequestAds = ports.consentInformation.canRequestAds }
                // After a refusal of every purpose, the app does not go on to the tracking prompt.
                guard !ports.refusedEveryPurpose else { return startAdsIfAllowed() }
                requestTracking {}
            }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        // After a refusal of every purpose, the app does not ask (App Review rejects asking then).
        guard !ports.refusedEveryPurpose else { return completion() }
        guard ports.lifecycle.isActive else { return state.withLock { $0.askWhenActive = true } }
        let timedOut = Protected(false)
        ports.clock.schedule(after: .seconds(60), label: "tracking request timeout") { timedOut.withLock { $0 = true } }
        let call = CallInProgress()
        ports.tracking.requestTrackingAuthorization { [self] status in
            if status == .notDetermined && call.isInProgress { return state.withLock { $0.askWhenActive = true } }
            ports.store.set(true, forKey: Self.trackingAskedKey)
            if !(bug == .ignoresLateTrackingAnswer && timedOut.withLock({ $0 })) {
                state.withLock { $0.cachedTracking = status }
            }
            startAdsIfAllowed()
            completion()
        }
        call.end()
    }

    func requestAd(adUnitID: String) {
        startAdsIfAllowed()
        let information = ports.consentInformation
        let (cachedCanRequest, cachedTracking, started) = state.withLock { ($0.cachedCanRequestAds, $0.cachedTracking, $0.sdkStarted) }
        let canRequest = bug == .dropsLateConsentUpdate ? cachedCanRequest : information.canRequestAds
        let tracking = bug == .ignoresLateTrackingAnswer ? cachedTracking : ports.tracking.trackingAuthorizationStatus
        guard canRequest, started else { return }
        let consent = information.consentStatus
        let personalized =
            tracking == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { [self] _ in startAdsIfAllowed() } }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func startAdsIfAllowed() {
        let decided =
            ports.tracking.trackingAuthorizationStatus != .notDetermined || ports.refusedEveryPurpose
            || (bug == .startsOnStaleTrackingFlag && ports.store.bool(forKey: Self.trackingAskedKey) == true)
        guard decided, ports.consentInformation.canRequestAds, !state.withLock({ swap(&$0.sdkStarted, true) }) else { return }
        ports.adSDK.start {}
    }
}
