import AdHarness
import AdRequestKit
import Foundation

/// An app whose age gate found a user under the age of consent: it tags its consent requests so
/// (`isTaggedForUnderAgeOfConsent`), and, unless `tagsAdRequests` is off, the ad SDK's requests
/// too, before the SDK starts. The consent SDK does not pass its tag on, so without the second
/// tag the ads go out as for an adult.
///
/// Caught with `tagsAdRequests: false`: `underAgeTagReachesAdRequests`.
final class UnderAgeGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let tagsAdRequests: Bool
    private let lock = NSLock()
    private var started = false  // guarded by `lock`
    private let parameters = ConsentRequestParameters(isTaggedForUnderAgeOfConsent: true)

    init(ports: AppPorts, tagsAdRequests: Bool) {
        self.ports = ports
        self.tagsAdRequests = tagsAdRequests
    }

    /// The glue, with the tag on the ad side or without it.
    static func factory(tagsAdRequests: Bool) -> GlueFactory {
        GlueFactory(name: tagsAdRequests ? "UnderAgeGlue" : "UnderAgeGlue.untaggedAds") { UnderAgeGlue(ports: $0, tagsAdRequests: tagsAdRequests) }
    }

    func didFinishLaunching() {
        if tagsAdRequests {
            var configuration = ports.adSDK.requestConfiguration
            configuration.underAgeOfConsent = true
            ports.adSDK.setRequestConfiguration(configuration)
        }
        ports.consentInformation.requestInfoUpdate(with: parameters) { _ in self.startIfAllowed() }
    }

    func runOnboarding() {
        ports.consentInformation.requestInfoUpdate(with: parameters) { _ in
            self.ports.consentForms.loadAndPresentIfRequired { _ in self.startIfAllowed() }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        guard ports.lifecycle.isActive, ports.tracking.trackingAuthorizationStatus == .notDetermined else { return completion() }
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds, lock.withLock({ started }) else { return }
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID)) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? {
        ports.tracking.trackingAuthorizationStatus == .authorized ? ports.advertisingIdentifier.advertisingIdentifier : nil
    }

    private func startIfAllowed() {
        guard ports.consentInformation.canRequestAds else { return }
        let first = lock.withLock { () -> Bool in
            defer { started = true }
            return !started
        }
        if first { ports.adSDK.start {} }
    }
}
