import AdHarness
import AdRequestKit
import Foundation

/// A kids' app: it tags its content child-directed on the ad SDK and otherwise follows the answers,
/// as a general-audience app does. Each version has one bug that public kids' apps show: the tag is
/// taken for enough, so `npa=1` goes only where the answers call for it; or the tag is set in the
/// start completion, after the SDK started, while the app's first banner, loaded as soon as the SDK
/// is started, has already gone out without it.
///
/// Caught: a child-directed request without `npa=1`; a request sent before the tag that was set after start.
final class KidsAppGlue: ConsentGlue {
    /// The bug this version has.
    enum Bug: Sendable {
        /// Requests carry `npa=1` only when the answers call for it: the tag is taken for enough.
        case tagTakenForNPA
        /// The child-directed tag is set in the start completion, after the first banner went out.
        case tagSetAfterStart
    }

    private static let childDirected = AdRequestConfiguration(childDirectedTreatment: true)
    /// The banner the app loads as soon as it has started the SDK.
    private static let firstBanner = "ca-app-pub-3940256099942544/2934735716"
    private let ports: AppPorts
    private let bug: Bug
    private let sdkStarted = Protected(false)

    init(ports: AppPorts, bug: Bug) {
        self.ports = ports
        self.bug = bug
    }

    func didFinishLaunching() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { [weak self] _ in self?.startIfAllowed() }
    }

    func runOnboarding() {
        requestTracking { [weak self] in
            self?.ports.consentForms.loadAndPresentIfRequired { [weak self] _ in self?.startIfAllowed() }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        ports.tracking.requestTrackingAuthorization { _ in completion() }
    }

    func requestAd(adUnitID: String) {
        guard ports.consentInformation.canRequestAds, sdkStarted.withLock({ $0 }) else { return }
        let consent = ports.consentInformation.consentStatus
        let answersAllow =
            ports.tracking.trackingAuthorizationStatus == .authorized && (consent == .obtained || consent == .notRequired)
            && TCFSignals(store: ports.store).allowPersonalizedAds
        let personalized = answersAllow && (bug == .tagTakenForNPA || !Self.childDirected.forbidsPersonalizedAds)
        ports.adSDK.loadAd(AdRequest(adUnitID: adUnitID, extras: personalized ? [:] : ["npa": "1"])) { _ in }
    }

    func openPrivacyOptions() { ports.consentForms.presentPrivacyOptionsForm { _ in } }

    func readAdvertisingIdentifier() -> UUID? { nil }

    private func startIfAllowed() {
        guard ports.tracking.trackingAuthorizationStatus != .notDetermined, ports.consentInformation.canRequestAds else { return }
        let first = sdkStarted.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else { return }
        switch bug {
        case .tagTakenForNPA:
            ports.adSDK.setRequestConfiguration(Self.childDirected)
            ports.adSDK.start {}
        case .tagSetAfterStart:
            ports.adSDK.start { [ports] in ports.adSDK.setRequestConfiguration(Self.childDirected) }
            requestAd(adUnitID: Self.firstBanner)
        }
    }
}
