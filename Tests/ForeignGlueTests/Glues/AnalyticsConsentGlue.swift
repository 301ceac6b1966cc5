import AdHarness
import AdRequestKit
import Foundation

/// A team's glue that also ships the analytics SDK and sets its consent mode itself, with one of two
/// mistakes seen in public code; otherwise it is ``ConsentFirstGlue``.
final class AnalyticsConsentGlue: ConsentGlue, @unchecked Sendable {
    /// The mistake.
    enum Bug: String, Sendable {
        /// Grants every analytics consent type at launch, as a copied sample does, before the user chose.
        case grantsAtLaunch
        /// Grants analytics storage and ad storage at launch, before the user chose, leaving the ad
        /// signals to the Info.plist defaults (two apps of a hidden corpus, one of them for a child).
        case grantsStorageAtLaunch
        /// Sets the ad signals from the tracking answer alone, denying them when tracking is denied
        /// though the user consented to the purposes.
        case followsTrackingAnswer
    }

    private let ports: AppPorts
    private let base: ConsentFirstGlue
    private let bug: Bug

    init(ports: AppPorts, bug: Bug) {
        self.ports = ports
        self.bug = bug
        base = ConsentFirstGlue(ports: ports)
    }

    static func factory(_ bug: Bug) -> GlueFactory {
        GlueFactory(name: "AnalyticsConsentGlue(\(bug.rawValue))") { AnalyticsConsentGlue(ports: $0, bug: bug) }
    }

    func didFinishLaunching() {
        if bug == .grantsAtLaunch {
            ports.analytics.setConsent(Dictionary(uniqueKeysWithValues: AnalyticsConsentType.allCases.map { ($0, .granted) }))
        }
        if bug == .grantsStorageAtLaunch { ports.analytics.setConsent([.analyticsStorage: .granted, .adStorage: .granted]) }
        base.didFinishLaunching()
    }

    func didBecomeActive() { base.didBecomeActive() }

    /// The base glue's order (the consent form, then tracking), through this glue's tracking request.
    func runOnboarding() {
        ports.consentInformation.requestInfoUpdate(with: ConsentRequestParameters()) { _ in
            self.ports.consentForms.loadAndPresentIfRequired { _ in self.requestTracking {} }
        }
    }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        base.requestTracking { [ports, bug] in
            if bug == .followsTrackingAnswer {
                let status: AnalyticsConsentStatus = ports.tracking.trackingAuthorizationStatus == .authorized ? .granted : .denied
                ports.analytics.setConsent([.adUserData: status, .adPersonalization: status])
            }
            completion()
        }
    }

    func requestAd(adUnitID: String) { base.requestAd(adUnitID: adUnitID) }

    func openPrivacyOptions() { base.openPrivacyOptions() }

    func readAdvertisingIdentifier() -> UUID? { base.readAdvertisingIdentifier() }
}
