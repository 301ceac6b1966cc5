import AdHarness
import AdHarnessContracts

/// Mediated partners over the stand-in with one flaw of a partner adapter.
struct FaultyPartners: MediationPartners {
    enum Flaw: Sendable {
        case dropsAgeFlag, forgetsOmittedFlags, tellsEveryPartner
    }

    let base: any MediationPartners
    let flaw: Flaw

    func setPrivacy(_ flags: PartnerPrivacyFlags, for partner: MediationPartner) {
        switch flaw {
        case .dropsAgeFlag:
            var flags = flags
            flags.isAgeRestricted = nil
            base.setPrivacy(flags, for: partner)
        case .forgetsOmittedFlags:
            base.setPrivacy(
                PartnerPrivacyFlags(
                    hasUserConsent: flags.hasUserConsent ?? false, doNotSell: flags.doNotSell ?? true, isAgeRestricted: flags.isAgeRestricted ?? true),
                for: partner)
        case .tellsEveryPartner:
            for other in [MediationPartner.appLovin, .unityAds, .metaAudienceNetwork] { base.setPrivacy(flags, for: other) }
        }
    }
}

struct BrokenPartnersSubject: MediationPartnersSubject {
    let flaw: FaultyPartners.Flaw

    func arrangeFresh() async throws -> MediationPartnersPorts? {
        guard let ports = try await StandInContractSubjects.mediationPartners().arrangeFresh() else { return nil }
        return MediationPartnersPorts(partners: FaultyPartners(base: ports.partners, flaw: flaw), held: ports.held)
    }
}

enum BrokenMediationPartners {
    static func broken(_ id: String, _ flaw: String, _ kind: FaultyPartners.Flaw) -> BrokenImplementation {
        BrokenImplementation(id, flaw, checks: MediationPartnersContract.checks) { BrokenPartnersSubject(flaw: kind) }
    }

    static let all = [
        broken("partners.told-as-set", "never passes the age restriction on", .dropsAgeFlag),
        broken("partners.later-replaces", "fills the flags a call leaves out with its own values", .forgetsOmittedFlags),
        broken("partners.apart", "tells every partner what one was told", .tellsEveryPartner),
    ]
}
