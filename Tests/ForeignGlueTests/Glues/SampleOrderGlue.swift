import AdHarness
import AdRequestKit
import Foundation

/// Google's iOS banner sample (`GoogleMobileAdsConsentManager`) with its documented tracking
/// snippet, in the sample's order: consent gathered at launch, the ad SDK started as soon as
/// `canRequestAds` (from the cached answer too), the tracking prompt asked later with "start
/// loading ads here" in its completion, and no `npa` extra anywhere.
///
/// Caught: the ad SDK starts before the tracking answer; requests are personalized after a denial.
final class SampleOrderGlue: ConsentGlue {
    private let ports: AppPorts
    private let sdkStarted = Protected(false)

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        // gatherConsent(from:), called from the first view controller's viewDidLoad.
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
            self?.ports.consentForms.loadAndPresentIfRequired { [weak self] _ in
                guard let self, ports.consentInformation.canRequestAds else { return }
                startGoogleMobileAdsSDK()
            }
        }
        // "This sample attempts to load ads using consent obtained in the previous session."
        if ports.consentInformation.canRequestAds { startGoogleMobileAdsSDK() }
    }

    func runOnboarding() { requestTracking {} }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? { nil }

    private func startGoogleMobileAdsSDK() {
        let first = sdkStarted.withLock { started in
            defer { started = true }
            return !started
        }
        if first { ports.adSDK.start {} }
    }
}
