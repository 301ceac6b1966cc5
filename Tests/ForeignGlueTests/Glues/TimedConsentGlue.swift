import AdHarness
import AdRequestKit
import Foundation

/// A team's callback glue from before `loadAndPresentIfRequired`, as UMP's first guides wrote it:
/// the consent update, then, when the status is `required` and a form is available, `loadForm` and
/// `present`. Its completion handlers capture `[weak self]`, and its state sits behind a lock, since
/// they may come on any thread. The update gets five seconds on the app's clock: if it has not
/// answered by then, the app goes on with what the consent SDK holds from the last session (the
/// late answer still counts when it comes). The ad SDK starts once `canRequestAds`; each request
/// says `npa=1` unless tracking is authorized and the TCF signals allow personalized ads. The
/// tracking prompt follows the form, never after a refusal of every purpose, and is asked again once
/// the app is active when the OS showed none.
final class TimedConsentGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let lock = NSLock()
    // Guarded by `lock`.
    private var started = false, askWhenActive = false
    private var gathering: Int?  // the gathering under way, by number
    private var gatherings = 0
    private var timeout: (any ScheduledWork)?

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() { gatherConsent() }

    func didBecomeActive() {
        if lock.withLock({ swap(&askWhenActive, false) }) { askForTracking() }
        startIfAllowed()
    }

    func runOnboarding() { gatherConsent() }

    func requestTracking(completion: @escaping @Sendable () -> Void) { askForTracking(then: completion) }

    func requestAd(adUnitID: String) {
        startIfAllowed()
        guard ports.consentInformation.canRequestAds, lock.withLock({ started }) else { return }
        let consent = ports.consentInformation.consentStatus
        let personalized =
            ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() {
        ports.consentForms.presentPrivacyOptionsForm { [weak self] _ in
            self?.askForTracking()  // consent given after a refusal that skipped the prompt
            self?.startIfAllowed()
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gatherConsent() {
        let number: Int? = lock.withLock {
            guard gathering == nil else { return nil }
            gatherings += 1
            gathering = gatherings
            return gatherings
        }
        guard let number else { return }
        let timer = ports.clock.schedule(after: .seconds(5), label: "consent update timeout") { [weak self] in
            self?.gatheringFinished(number)
        }
        lock.withLock { timeout = timer }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            guard let self else { return }
            guard error == nil else { return self.gatheringFinished(number) }
            guard self.ports.consentInformation.consentStatus == .required, self.ports.consentInformation.formStatus == .available else {
                return self.gatheringFinished(number)
            }
            self.ports.consentForms.loadForm { [weak self] result in
                guard let self else { return }
                // A load that comes after the timeout may find the decision taken meanwhile (by a
                // later gathering): the form is shown only while consent is still required.
                guard case .success(let form) = result, self.ports.consentInformation.consentStatus == .required else {
                    return self.gatheringFinished(number)
                }
                form.present { [weak self] _ in self?.gatheringFinished(number) }
            }
        }
    }

    /// The gathering `number` is over: it answered, failed or timed out. A late answer of one that
    /// timed out still starts the ads it allows.
    private func gatheringFinished(_ number: Int) {
        let current = lock.withLock {
            guard gathering == number else { return false }
            gathering = nil
            timeout?.cancel()
            timeout = nil
            return true
        }
        if current { askForTracking() }
        startIfAllowed()
    }

    private func askForTracking(then completion: (@Sendable () -> Void)? = nil) {
        // Not after a refusal of every purpose (App Review rejects asking then).
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else {
            completion?()
            return
        }
        // The OS shows no prompt to an app that is not active: ask once it is.
        guard ports.lifecycle.isActive else {
            lock.withLock { askWhenActive = true }
            completion?()
            return
        }
        ports.tracking.requestTrackingAuthorization { [weak self] status in
            if let self, status == .notDetermined, !self.ports.lifecycle.isActive { self.lock.withLock { self.askWhenActive = true } }
            self?.startIfAllowed()
            completion?()
        }
    }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !lock.withLock({ swap(&started, true) }) else { return }
        ports.adSDK.start {}
    }
}
