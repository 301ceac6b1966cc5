import AdHarness
import AdRequestKit
import Foundation

/// Everything in `didFinishLaunching`, as many apps begin: the ad SDK started first thing, the
/// tracking prompt asked right there, consent gathered after, and the identifier read unchecked.
///
/// Caught: the ad SDK starts before the tracking status is decided, or before the consent SDK allows ads.
final class NaiveLaunchGlue: ConsentGlue {
    private let ports: AppPorts

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.adSDK.start {}
        ports.tracking.requestTrackingAuthorization { _ in }
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in
            self?.ports.consentForms.loadAndPresentIfRequired { _ in }
        }
    }

    func runOnboarding() {}

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {
        let tracking = ports.tracking.trackingAuthorizationStatus
        let npa = tracking != .authorized
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: npa ? ["npa": "1"] : [:])) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? { ports.advertisingIdentifier.advertisingIdentifier }
}
