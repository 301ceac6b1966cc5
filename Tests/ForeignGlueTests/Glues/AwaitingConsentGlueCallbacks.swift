import AdHarness
import AdRequestKit
import Foundation

/// ``AwaitingConsentGlue`` with every `await` written as a completion: the same calls in the same order.
final class AwaitingConsentGlueCallbacks: ConsentGlue, @unchecked Sendable {
    private struct Flags {
        var sdkStarted = false, onboarding = false, askWhenActive = false
    }

    private let ports: AppPorts
    private let flags = Protected(Flags())

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in self.startAdsIfAllowed() }
    }

    func didBecomeActive() {
        let ask = flags.withLock { flags in swap(&flags.askWhenActive, false) }
        if ask {
            requestTracking { self.startAdsIfAllowed() }
        } else {
            startAdsIfAllowed()
        }
    }

    func runOnboarding() {
        guard !flags.withLock({ swap(&$0.onboarding, true) }) else { return }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            self.ports.consentForms.loadAndPresentIfRequired { _ in
                self.ports.clock.schedule(after: .seconds(1), label: "sleep") {
                    self.requestTracking { self.flags.withLock { $0.onboarding = false } }
                }
            }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        // After a refusal of every purpose, the app does not ask (App Review rejects asking then).
        guard !refusedEveryPurpose else {
            startAdsIfAllowed()
            return completion()
        }
        guard ports.lifecycle.isActive else {
            flags.withLock { $0.askWhenActive = true }
            return completion()
        }
        ports.tracking.requestTrackingAuthorization { status in
            if status != .notDetermined {
                self.startAdsIfAllowed()
            } else if !self.ports.lifecycle.isActive {
                self.flags.withLock { $0.askWhenActive = true }
            }
            completion()
        }
    }

    func requestAd(adUnitID: String) {
        startAdsIfAllowed()
        guard ports.consentInformation.canRequestAds, flags.withLock({ $0.sdkStarted }) else { return }
        let consent = ports.consentInformation.consentStatus
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
                self.requestTracking { self.startAdsIfAllowed() }
            } else {
                self.startAdsIfAllowed()
            }
        }
    }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    /// The user refused every purpose in the consent form: the stored choice consents to none.
    private var refusedEveryPurpose: Bool { TCFSignals(store: ports.store).consentsToNoPurpose }

    private func startAdsIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined || refusedEveryPurpose, ports.consentInformation.canRequestAds,
            !flags.withLock({ swap(&$0.sdkStarted, true) })
        else { return }
        ports.adSDK.start {}
    }
}
