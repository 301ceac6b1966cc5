import AdHarness
import AdRequestKit
import Foundation
import PrivacySignals

/// A team's glue that mediates other ad networks and hands one of them a TC string of its own,
/// written once with every purpose consented, as a public app does; otherwise it is
/// ``ConsentFirstGlue``.
final class MediatingGlue: ConsentGlue, @unchecked Sendable {
    private let ports: AppPorts
    private let base: ConsentFirstGlue

    /// A TC string that consents to purposes 1 to 10, whatever the user chose.
    static let hardCodedTCString: String = {
        var string = TCString()
        string.purposeConsents = Set(1...10)
        return (try? string.encode()) ?? ""
    }()

    init(ports: AppPorts) {
        self.ports = ports
        base = ConsentFirstGlue(ports: ports)
    }

    func didFinishLaunching() { base.didFinishLaunching() }

    func didBecomeActive() { base.didBecomeActive() }

    func runOnboarding() { base.runOnboarding() }

    func requestTracking(completion: @escaping @Sendable () -> Void) { base.requestTracking(completion: completion) }

    /// Hands the partner the string before each request.
    func requestAd(adUnitID: String) {
        ports.mediationPartners.setPrivacy(PartnerPrivacyFlags(tcString: Self.hardCodedTCString), for: .ironSource)
        base.requestAd(adUnitID: adUnitID)
    }

    func openPrivacyOptions() { base.openPrivacyOptions() }

    func readAdvertisingIdentifier() -> UUID? { base.readAdvertisingIdentifier() }
}
