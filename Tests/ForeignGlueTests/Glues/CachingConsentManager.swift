import AdHarness
import AdRequestKit
import Foundation

/// A SwiftUI-style consent manager that publishes its answers once and serves every later request
/// from them: `canShowAds` from the launch (the cached consent), `isPersonalized` from the tracking
/// callback's status, which it trusts, and the identifier read unless its cached status says denied.
///
/// Caught: requests while the consent SDK now says no; a stale `npa=1` after the OS 17.4 early
/// `denied` turns into an allow; a non-zero identifier read before any answer (OS 14.0-14.4).
final class CachingConsentManager: ConsentGlue {
    private let ports: AppPorts
    private let published = Protected(Published())

    private struct Published {
        var canShowAds = false
        var isPersonalized = false
        var trackingStatus = TrackingAuthorizationStatus.notDetermined
        var sdkStarted = false
    }

    init(ports: AppPorts) { self.ports = ports }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in }
        let canShowAds = ports.consentInformation.canRequestAds
        published.withLock { $0.canShowAds = canShowAds }
    }

    func runOnboarding() {
        ports.consentForms.loadAndPresentIfRequired { [weak self] _ in
            guard let self else { return }
            let canShowAds = ports.consentInformation.canRequestAds
            published.withLock { $0.canShowAds = canShowAds }
            requestTracking {}
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { [weak self] status in
            guard let self else { return }
            let consent = ports.consentInformation.consentStatus
            let start = published.withLock { published in
                published.trackingStatus = status
                published.isPersonalized = status == .authorized && (consent == .obtained || consent == .notRequired)
                defer { published.sdkStarted = published.sdkStarted || published.canShowAds }
                return published.canShowAds && !published.sdkStarted
            }
            if start { ports.adSDK.start {} }
            completion()
        }
    }

    func requestAd(adUnitID: String) {
        let (canShowAds, personalized) = published.withLock { ($0.canShowAds, $0.isPersonalized) }
        guard canShowAds else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? {
        guard published.withLock({ $0.trackingStatus }) != .denied else { return nil }
        let identifier = ports.advertisingIdentifier.advertisingIdentifier
        return identifier.isZero ? nil : identifier
    }
}
