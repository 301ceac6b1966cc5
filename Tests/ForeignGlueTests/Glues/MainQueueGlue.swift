import AdHarness
import AdRequestKit
import Foundation

/// Google's UMP sample's shape with its main-queue hops: the update's completion hops to
/// `DispatchQueue.main.async` to load and present the form, and the form's completion hops there
/// again to ask for tracking and start the ad SDK, as the sample's view controller does.
final class MainQueueGlue: ConsentGlue, @unchecked Sendable {
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

    func openPrivacyOptions() {
        guard ports.consentInformation.privacyOptionsRequirement == .required else { return }
        ports.consentForms.presentPrivacyOptionsForm { _ in DispatchQueue.main.async { self.startIfAllowed() } }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func gatherConsent() {
        guard !lock.withLock({ swap(&gathering, true) }) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { error in
            guard error == nil else { return DispatchQueue.main.async { self.gatheringComplete() } }
            DispatchQueue.main.async {
                self.ports.consentForms.loadAndPresentIfRequired { _ in
                    DispatchQueue.main.async { self.gatheringComplete() }
                }
            }
        }
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
