import AdHarness
import Foundation

/// A correct glue in the order Google's help centre describes: the consent message first, then the
/// tracking prompt. Every decision is made from what the OS and the consent SDK say at that moment;
/// a tracking request the OS ignored because the app was inactive is asked again once it is active.
///
/// Written only against the ports, as an app's adapter layer would be, and it logs nothing.
final class ConsentFirstGlue: ConsentGlue {
    private let ports: AppPorts
    private let state = Protected(State())

    private struct State {
        var sdkStarted = false
        var onboardingRunning = false
        var askTrackingWhenActive = false
        var trackingWaiters: [@Sendable () -> Void] = []
        var trackingInFlight = false
    }

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
            self?.startSDKIfAllowed()
        }
        // The update restores the previous session's answer at once.
        startSDKIfAllowed()
    }

    func didBecomeActive() {
        let ask = state.withLock { state in
            defer { state.askTrackingWhenActive = false }
            return state.askTrackingWhenActive
        }
        if ask { askTracking() }
        startSDKIfAllowed()
    }

    func runOnboarding() {
        let first = state.withLock { state in
            defer { state.onboardingRunning = true }
            return !state.onboardingRunning
        }
        guard first else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] error in
            guard let self else { return }
            let afterConsent: @Sendable (ConsentFormError?) -> Void = { [weak self] _ in
                self?.requestTracking { [weak self] in
                    self?.state.withLock { $0.onboardingRunning = false }
                }
            }
            if error == nil { ports.consentForms.loadAndPresentIfRequired(completion: afterConsent) } else { afterConsent(nil) }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        let first = state.withLock { state in
            state.trackingWaiters.append(completion)
            defer { state.trackingInFlight = true }
            return !state.trackingInFlight
        }
        if first { askTracking() }
    }

    func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds else { return }
        startSDKIfAllowed()
        guard state.withLock({ $0.sdkStarted }) else { return }
        let consent = ports.consentInformation.consentStatus
        let personalized = ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() {
        ports.consentForms.presentPrivacyOptionsForm { [weak self] _ in self?.startSDKIfAllowed() }
    }

    func readAdvertisingIdentifier() -> UUID? {
        guard ports.tracking.trackingAuthorizationStatus == .authorized else { return nil }
        let identifier = ports.advertisingIdentifier.advertisingIdentifier
        return identifier.isZero ? nil : identifier
    }

    private func askTracking() {
        guard ports.lifecycle.isActive else {
            state.withLock { $0.askTrackingWhenActive = true }
            return
        }
        let returned = Protected(false)
        ports.tracking.requestTrackingAuthorization { [weak self] status in
            guard let self else { return }
            // An answer during the call means no prompt; notDetermined then means the app was not active.
            if status == .notDetermined && !returned.withLock({ $0 }) && !ports.lifecycle.isActive {
                state.withLock { $0.askTrackingWhenActive = true }
                return
            }
            startSDKIfAllowed()
            let waiters = state.withLock { state in
                defer { state.trackingWaiters = []; state.trackingInFlight = false }
                return state.trackingWaiters
            }
            for waiter in waiters { waiter() }
        }
        returned.withLock { $0 = true }
    }

    private func startSDKIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined, ports.consentInformation.canRequestAds else { return }
        let first = state.withLock { state in
            defer { state.sdkStarted = true }
            return !state.sdkStarted
        }
        if first { ports.adSDK.start {} }
    }
}
