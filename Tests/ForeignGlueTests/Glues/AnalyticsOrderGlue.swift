import AdHarness
import AdRequestKit
import Foundation

/// A team's glue that configures the analytics SDK itself and relies on the consent SDK's consent
/// mode to set the analytics consent; otherwise it is ``ConsentFirstGlue``. In order, it
/// configures the analytics SDK first, as Google asks; late, it starts the consent SDK first and
/// configures the analytics SDK after it, so the link does nothing in that launch.
final class AnalyticsOrderGlue: ConsentGlue, @unchecked Sendable {
    /// When the glue configures the analytics SDK.
    enum Order: String, Sendable {
        /// Before the consent SDK's first update.
        case analyticsFirst
        /// Right after the consent SDK's first update is asked for.
        case analyticsAfterConsentSDK
    }

    private let ports: AppPorts
    private let base: ConsentFirstGlue
    private let order: Order

    init(ports: AppPorts, order: Order) {
        self.ports = ports
        self.order = order
        base = ConsentFirstGlue(ports: ports)
    }

    static func factory(_ order: Order) -> GlueFactory {
        GlueFactory(name: "AnalyticsOrderGlue(\(order.rawValue))") { AnalyticsOrderGlue(ports: $0, order: order) }
    }

    func didFinishLaunching() {
        if order == .analyticsFirst { ports.analytics.configure() }
        base.didFinishLaunching()
        if order == .analyticsAfterConsentSDK { ports.analytics.configure() }
    }

    func didBecomeActive() { base.didBecomeActive() }

    func runOnboarding() { base.runOnboarding() }

    func requestTracking(completion: @escaping @Sendable () -> Void) { base.requestTracking(completion: completion) }

    func requestAd(adUnitID: String) { base.requestAd(adUnitID: adUnitID) }

    func openPrivacyOptions() { base.openPrivacyOptions() }

    func readAdvertisingIdentifier() -> UUID? { base.readAdvertisingIdentifier() }
}
