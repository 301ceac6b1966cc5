import AdHarness
import AdRequestKit
import Foundation

/// A team's glue that mediates AppLovin and tells it the user's GDPR consent in one of the ways
/// real apps do; otherwise it is ``ConsentFirstGlue``.
final class PartnerFlagsGlue: ConsentGlue, @unchecked Sendable {
    /// How the glue tells the partner.
    enum Telling: String, Sendable {
        /// From the consent SDK's TCF signals, before each request and again once the user changes
        /// the choice in the privacy options: correct.
        case currentChoice
        /// From the consent SDK's TCF signals, before each request only, as the partner guides ask:
        /// correct too, though a withdrawal reaches the partner only at the next request.
        case beforeEachRequest
        /// From the consent SDK's TCF signals, once per process, before the first request: a
        /// withdrawal in the privacy options never reaches the partner.
        case oncePerProcess
        /// `hasUserConsent=true` before each request, whatever the user chose.
        case hardCodedConsent
        /// A remote switch of the app's own tells the partner consent first thing at launch, before
        /// the consent SDK is asked anything.
        case remoteSwitchAtLaunch
    }

    private let ports: AppPorts
    private let base: ConsentFirstGlue
    private let telling: Telling
    private let told = Protected(false)

    init(ports: AppPorts, telling: Telling) {
        self.ports = ports
        self.telling = telling
        base = ConsentFirstGlue(ports: ports)
    }

    /// The glue with the telling given.
    static func factory(_ telling: Telling) -> GlueFactory {
        GlueFactory(name: "PartnerFlagsGlue.\(telling.rawValue)") { PartnerFlagsGlue(ports: $0, telling: telling) }
    }

    func didFinishLaunching() {
        if telling == .remoteSwitchAtLaunch { tell(consent: true) }
        base.didFinishLaunching()
    }

    func didBecomeActive() { base.didBecomeActive() }

    func runOnboarding() { base.runOnboarding() }

    func requestTracking(completion: @escaping @Sendable () -> Void) { base.requestTracking(completion: completion) }

    func requestAd(adUnitID: String) {
        switch telling {
        case .currentChoice, .beforeEachRequest: tell(consent: currentConsent)
        case .oncePerProcess: if !told.withLock({ $0 }) { tell(consent: currentConsent) }
        case .hardCodedConsent: tell(consent: true)
        case .remoteSwitchAtLaunch: break
        }
        base.requestAd(adUnitID: adUnitID)
    }

    func openPrivacyOptions() {
        guard telling == .currentChoice else { return base.openPrivacyOptions() }
        ports.consentForms.presentPrivacyOptionsForm { _ in
            if self.told.withLock({ $0 }) { self.tell(consent: self.currentConsent) }
        }
    }

    func readAdvertisingIdentifier() -> UUID? { base.readAdvertisingIdentifier() }

    /// Whether the user's stored choice consents to TCF purposes 1, 3 and 4.
    private var currentConsent: Bool {
        let purposes = Array(TCFSignals(store: ports.store).purposeConsents)
        return [0, 2, 3].allSatisfy { $0 < purposes.count && purposes[$0] == "1" }
    }

    private func tell(consent: Bool) {
        told.withLock { $0 = true }
        ports.mediationPartners.setPrivacy(PartnerPrivacyFlags(hasUserConsent: consent), for: .appLovin)
    }
}
