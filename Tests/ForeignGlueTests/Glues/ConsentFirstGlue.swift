import AdHarness
import AdRequestKit
import Foundation

/// A team's glue: the consent form first, then the tracking prompt unless the user refused every
/// purpose (App Review has rejected apps that ask right after such a refusal); every decision made
/// from what the OS and the consent SDK say at that moment. It logs nothing.
final class ConsentFirstGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let lock = NSLock()
    private var sdkStarted = false, onboarding = false, askWhenActive = false  // guarded by `lock`

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in self.startAdsIfAllowed() }
        startAdsIfAllowed()  // the update restores the last session's answer at once
    }

    func didBecomeActive() {
        if locked({ swap(&askWhenActive, false) }) { requestTracking {} }
        startAdsIfAllowed()
    }

    func runOnboarding() {
        guard !locked({ swap(&onboarding, true) }) else { return }  // a second call joins the first
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            self.ports.consentForms.loadAndPresentIfRequired { _ in
                self.requestTracking { self.locked { self.onboarding = false } }
            }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        // After a refusal of every purpose, the app does not ask (App Review rejects asking then).
        guard !refusedEveryPurpose else {
            startAdsIfAllowed()
            return completion()
        }
        guard ports.lifecycle.isActive else { return locked { askWhenActive = true } }
        let call = CallInProgress()
        ports.tracking.requestTrackingAuthorization { status in
            // The OS answers during the call only when it shows no prompt: undecided, then, means
            // the app was not active, and the request must be made again once it is.
            if status == .notDetermined && call.isInProgress { return self.locked { self.askWhenActive = true } }
            self.startAdsIfAllowed()
            completion()
        }
        call.end()
    }

    func requestAd(adUnitID: String) {
        startAdsIfAllowed()
        guard ports.consentInformation.canRequestAds, locked({ sdkStarted }) else { return }
        let consent = ports.consentInformation.consentStatus
        // `obtained` only says the user answered: what they chose is in the TCF signals.
        let personalized =
            ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() {
        let refusedBefore = refusedEveryPurpose
        ports.consentForms.presentPrivacyOptionsForm { _ in
            // Consent given after a refusal that skipped the tracking prompt: ask now.
            if refusedBefore && !self.refusedEveryPurpose && self.ports.tracking.trackingAuthorizationStatus == .notDetermined {
                self.requestTracking {}
            }
            self.startAdsIfAllowed()
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// The user refused every purpose in the consent form: the stored choice consents to none.
    private var refusedEveryPurpose: Bool { TCFSignals(store: ports.store).consentsToNoPurpose }

    /// Starts the ad SDK once the tracking status is decided (or will not be asked, after a refusal
    /// of every purpose) and the consent SDK allows ads.
    private func startAdsIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined || refusedEveryPurpose, ports.consentInformation.canRequestAds,
            !locked({ swap(&sdkStarted, true) })
        else { return }
        ports.adSDK.start {}
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Whether a call has returned yet, read from a callback on any thread.
final class CallInProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var returned = false

    var isInProgress: Bool { lock.withLock { !returned } }
    func end() { lock.withLock { returned = true } }
}

/// Swaps in a new value and returns the old one.
func swap<T>(_ value: inout T, _ new: T) -> T {
    defer { value = new }
    return value
}
