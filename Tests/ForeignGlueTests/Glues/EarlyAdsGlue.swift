import AdHarness
import AdRequestKit
import Foundation

/// Google's sample's consent manager as a callback glue: every launch gathers consent (the update,
/// then `loadAndPresentIfRequired` from a main-actor task, as the sample does) and, right after
/// asking for the update, starts the ad SDK if `canRequestAds` already allows it (consent from the
/// previous session: the sample's early-ads pattern). Tracking is asked after the form. The settings
/// screen's privacy button is enabled only while the consent SDK requires it, and shows the
/// privacy-options form.
final class EarlyAdsGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let lock = NSLock()
    private var started = false, gathering = false, askWhenActive = false  // guarded by `lock`

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() { gatherConsent() }

    func didBecomeActive() {
        if lock.withLock({ swap(&askWhenActive, false) }) { askTracking() }
    }

    func runOnboarding() { gatherConsent() }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        askTracking()
        completion()
    }

    func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds else { return }
        startIfAllowed()
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { _ in }
    }

    /// The settings screen's privacy button: enabled only while the consent SDK requires it.
    func openPrivacyOptions() {
        guard ports.consentInformation.privacyOptionsRequirement == .required else { return }
        ports.consentForms.presentPrivacyOptionsForm { _ in self.startIfAllowed() }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gatherConsent() {
        guard !lock.withLock({ swap(&gathering, true) }) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { error in
            guard error == nil else { return self.gatheringComplete() }
            Task { @MainActor in
                try? await self.ports.consentForms.loadAndPresentIfRequired()
                self.gatheringComplete()
            }
        }
        // Consent from the previous session: ads may start before the update returns.
        startIfAllowed()
    }

    private func gatheringComplete() {
        lock.withLock { gathering = false }
        askTracking()
        startIfAllowed()
    }

    private func askTracking() {
        guard ports.tracking.trackingAuthorizationStatus == .notDetermined, !ports.refusedEveryPurpose else { return }
        guard ports.lifecycle.isActive else { return lock.withLock { askWhenActive = true } }
        ports.tracking.requestTrackingAuthorization { status in
            if status == .notDetermined, !self.ports.lifecycle.isActive { self.lock.withLock { self.askWhenActive = true } }
        }
    }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds, !lock.withLock({ swap(&started, true) }) else { return }
        ports.adSDK.start {}
    }
}
