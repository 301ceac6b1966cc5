import AdHarness
import AdRequestKit
import Foundation

/// A team's glue that drives the analytics SDK beyond its consent: it switches collection on only
/// once tracking is authorized, as real apps tie it to the tracking answer, and sets the
/// `allow_personalized_ads` user property at each launch; otherwise it is ``ConsentFirstGlue``.
final class AnalyticsSwitchGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let base: ConsentFirstGlue

    init(ports: AppPorts) {
        self.ports = ports
        base = ConsentFirstGlue(ports: ports)
    }

    func didFinishLaunching() {
        ports.analytics.setAnalyticsCollectionEnabled(ports.tracking.trackingAuthorizationStatus == .authorized)
        ports.analytics.setUserProperty("true", forName: "allow_personalized_ads")
        base.didFinishLaunching()
    }

    func didBecomeActive() { base.didBecomeActive() }

    func runOnboarding() { base.runOnboarding() }

    func requestTracking(completion: @escaping @Sendable () -> Void) {
        base.requestTracking { [ports] in
            ports.analytics.setAnalyticsCollectionEnabled(ports.tracking.trackingAuthorizationStatus == .authorized)
            completion()
        }
    }

    func requestAd(adUnitID: String) { base.requestAd(adUnitID: adUnitID) }

    func openPrivacyOptions() { base.openPrivacyOptions() }

    func readAdvertisingIdentifier() -> UUID? { base.readAdvertisingIdentifier() }
}
