import AdHarness
import AdRequestKit
import Foundation

/// A callback glue written as a small state machine that re-evaluates on every app activation:
/// the consent update at launch, the consent form if required (only while active), then the
/// tracking prompt (only while active, never after a refusal of every purpose), then the ad SDK
/// started once `canRequestAds`; ads wanted meanwhile are requested once the flow is over. A failed
/// update is retried on the next foreground; the stored decision is used meanwhile. No `npa` of its
/// own: the ad SDK reads the consent SDK's TCF signals itself. A reviewer's, written from Google's
/// and Apple's docs to hunt false alarms; its first version (`adsOnlyAfterDecidedTracking`) sent no ad
/// while the user had left a prompt undecided, and found one.
final class ActivationStateMachineGlue: ConsentGlue, @unchecked Sendable {
    private enum Phase { case idle, updating, updated, presentingForm, consentDone, askingTracking, ready }

    private let ports: AppPorts
    /// Whether ads wait for a decided tracking answer after the user left a prompt undecided (the
    /// first version), rather than going out on the undecided status.
    private let adsOnlyAfterDecidedTracking: Bool
    private let lock = NSLock()
    // Guarded by `lock`.
    private var phase = Phase.idle
    private var updateFailed = false
    private var waitForForeground = false
    private var sdkStarted = false
    private var wantedAds: [String] = []
    private var trackingCompletions: [@Sendable () -> Void] = []

    init(ports: AppPorts, adsOnlyAfterDecidedTracking: Bool = false) {
        self.ports = ports
        self.adsOnlyAfterDecidedTracking = adsOnlyAfterDecidedTracking
    }

    /// The first version, whose ads wait for a decided tracking answer.
    static let adsOnlyAfterDecidedTracking = GlueFactory(name: "ActivationStateMachineGlue.adsOnlyAfterDecidedTracking") {
        ActivationStateMachineGlue(ports: $0, adsOnlyAfterDecidedTracking: true)
    }

    func didFinishLaunching() { advance() }
    func didBecomeActive() { advance() }
    func willEnterForeground() {
        // A failed update is tried again when the user comes back.
        locked {
            waitForForeground = false
            if updateFailed && phase == .ready {
                updateFailed = false
                phase = .idle
            }
        }
        advance()
    }
    func runOnboarding() { advance() }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        let done = locked { () -> Bool in
            if phase == .ready { return true }
            trackingCompletions.append(completion)
            return false
        }
        if done { completion() } else { advance() }
    }

    func requestAd(adUnitID: String) {
        locked { wantedAds.append(adUnitID) }
        advance()
    }

    func openPrivacyOptions() {
        // The button is shown only when the consent SDK requires it.
        guard ports.consentInformation.privacyOptionsRequirement == .required else { return }
        ports.consentForms.presentPrivacyOptionsForm { _ in self.advance() }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// One transition, decided under the lock and acted on outside it (a port may call back at once).
    private func advance() {
        enum Action { case update, presentForm, askTracking, settle, none }
        let active = ports.lifecycle.isActive
        let action: Action = locked {
            switch phase {
            case .idle:
                phase = .updating
                return .update
            case .updated where active:
                phase = .presentingForm
                return .presentForm
            case .consentDone:
                if ports.tracking.trackingAuthorizationStatus == .notDetermined && !TCFSignals(store: ports.store).consentsToNoPurpose
                    && !waitForForeground
                {
                    guard active else { return .none }
                    phase = .askingTracking
                    return .askTracking
                }
                if waitForForeground && ports.tracking.trackingAuthorizationStatus == .notDetermined {
                    return adsOnlyAfterDecidedTracking ? .none : .settle
                }
                phase = .ready
                return .settle
            case .ready, .updating:
                // Ads wanted while the update runs go out on the stored decision.
                return .settle
            case .updated, .presentingForm, .askingTracking:
                return .none
            }
        }
        switch action {
        case .update:
            ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { error in
                self.locked {
                    self.updateFailed = error != nil
                    // After a failure there is no form to show: go on with the stored decision.
                    self.phase = error == nil ? .updated : .consentDone
                }
                self.advance()
            }
        case .presentForm:
            ports.consentForms.loadAndPresentIfRequired { _ in
                self.locked { self.phase = .consentDone }
                self.advance()
            }
        case .askTracking:
            let call = CallInProgress()
            ports.tracking.requestTrackingAuthorization { _ in
                // Still undecided at once: the OS showed no prompt (not active); ask on the next activation.
                // Undecided after a prompt the user saw (left it, or asked for more information): ask
                // again only when the user comes back from the background, never at once (a loop).
                let decided = self.ports.tracking.trackingAuthorizationStatus != .notDetermined
                let unprompted = !decided && call.isInProgress
                self.locked {
                    self.phase = decided ? .ready : .consentDone
                    if !decided && !unprompted { self.waitForForeground = true }
                }
                self.advance()
            }
            call.end()
        case .settle:
            settle()
        case .none:
            break
        }
    }

    /// Starts the ad SDK once allowed and sends the ads wanted so far.
    private func settle() {
        guard ports.consentInformation.canRequestAds else {
            runTrackingCompletionsIfReady()
            return
        }
        let startNow = locked { !swap(&sdkStarted, true) }
        if startNow { ports.adSDK.start {} }
        let ads = locked { swap(&wantedAds, []) }
        for ad in ads { ports.adSDK.loadAd(AdRequest(adUnitID: ad)) { _ in } }
        runTrackingCompletionsIfReady()
    }

    private func runTrackingCompletionsIfReady() {
        let completions = locked { phase == .ready ? swap(&trackingCompletions, []) : [] }
        for completion in completions { completion() }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
