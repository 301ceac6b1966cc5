import AdHarness
import AdRequestKit
import Foundation

/// A callback glue with an onboarding screen of its own: the consent update at launch and, when
/// consent is required and a form is available, the form preloaded (`loadForm`); the onboarding
/// screen shows a "continue" button, and its tap presents the preloaded form (loading one if none
/// is ready) only while consent is still required, then asks for tracking (not after a refusal of
/// every purpose), then starts the ad SDK once `canRequestAds` and sends the ads wanted meanwhile.
/// A returning user whose tracking answer is decided gets ads from launch, on the stored decision.
final class OnboardingScreenGlue: ConsentGlue, @unchecked Sendable {
    static var controls: [String] { ["continue"] }

    private let ports: AppPorts
    private let lock = NSLock()
    // Guarded by `lock`.
    private var updated = false, screenShown = false, continuing = false, flowDone = false, started = false
    private var askWhenActive = false
    private var preloaded: (any LoadedConsentForm)?
    private var wantedAds: [String] = []

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { error in
            self.locked { self.updated = true }
            if error == nil, self.ports.consentInformation.consentStatus == .required, self.ports.consentInformation.formStatus == .available {
                self.ports.consentForms.loadForm { result in
                    if case .success(let form) = result { self.locked { self.preloaded = form } }
                }
            }
            self.startIfAllowed()
            if self.locked({ self.continuing }) { self.proceed() }
        }
    }

    func didBecomeActive() {
        if locked({ swap(&askWhenActive, false) }) { askForTracking() }
        startIfAllowed()
    }

    func runOnboarding() { locked { screenShown = true } }

    func tap(_ control: String) {
        guard control == "continue", locked({ screenShown && !swap(&continuing, true) }) else { return }
        proceed()
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        askForTracking()
        completion()
    }

    func requestAd(adUnitID: String) {
        locked { wantedAds.append(adUnitID) }
        startIfAllowed()
    }

    func openPrivacyOptions() {
        guard ports.consentInformation.privacyOptionsRequirement == .required else { return }
        ports.consentForms.presentPrivacyOptionsForm { _ in self.startIfAllowed() }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// The "continue" tap's flow, once the update has answered: the form if required, then tracking.
    private func proceed() {
        guard locked({ updated }) else { return }  // the update's completion goes on
        guard ports.consentInformation.consentStatus == .required else { return finishOnboarding() }
        if let form = locked({ swap(&preloaded, nil) }) {
            form.present { _ in self.finishOnboarding() }
        } else {
            ports.consentForms.loadForm { result in
                switch result {
                case .success(let form): form.present { _ in self.finishOnboarding() }
                case .failure: self.finishOnboarding()
                }
            }
        }
    }

    private func finishOnboarding() {
        locked {
            screenShown = false
            flowDone = true
        }
        askForTracking()
        startIfAllowed()
    }

    private func askForTracking() {
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !TCFSignals(store: ports.store).consentsToNoPurpose else { return }
        guard ports.lifecycle.isActive else { return locked { askWhenActive = true } }
        let call = CallInProgress()
        ports.tracking.requestTrackingAuthorization { status in
            // Undecided at once: the OS showed no prompt because the app was not active; ask once it
            // is. A prompt the user saw and left undecided is not asked again on its own.
            if status == .notDetermined && call.isInProgress { self.locked { self.askWhenActive = true } }
            self.startIfAllowed()
        }
        call.end()
    }

    /// Starts the ad SDK once the consent SDK allows ads and the tracking question is settled (or the
    /// onboarding is over), then sends the ads wanted so far.
    private func startIfAllowed() {
        let trackingSettled =
            ports.tracking.trackingAuthorizationStatus != .notDetermined || TCFSignals(store: ports.store).consentsToNoPurpose
        guard ports.consentInformation.canRequestAds, trackingSettled || locked({ flowDone }) else { return }
        if locked({ !swap(&started, true) }) { ports.adSDK.start {} }
        for ad in locked({ swap(&wantedAds, []) }) { ports.adSDK.loadAd(AdRequest(adUnitID: ad)) { _ in } }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
