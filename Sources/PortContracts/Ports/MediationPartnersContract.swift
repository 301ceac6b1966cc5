import AdRequestKit

/// An implementation of `MediationPartners`, with a way to see what each partner holds: the
/// partner SDKs have setters only, so every clause needs the partners observed.
public protocol MediationPartnersSubject: Sendable {
    /// Fresh partners that hold nothing yet, and a way to read what each holds, or `nil` when this
    /// subject cannot observe them.
    func arrangeFresh() async throws -> MediationPartnersPorts?
}

extension MediationPartnersSubject {
    /// Arranges nothing: every check is skipped.
    public func arrangeFresh() async throws -> MediationPartnersPorts? { nil }
}

/// The partners under check, and what each holds now as the subject observes it.
public struct MediationPartnersPorts: Sendable {
    /// The partners.
    public var partners: any MediationPartners
    /// What a partner holds now.
    public var held: @Sendable (MediationPartner) -> PartnerPrivacyFlags

    /// Partners with a way to read what each holds.
    public init(partners: any MediationPartners, held: @escaping @Sendable (MediationPartner) -> PartnerPrivacyFlags) {
        self.partners = partners
        self.held = held
    }
}

/// The contract of `MediationPartners`, clause by clause.
public enum MediationPartnersContract {
    /// Every check of the port, in the order the protocol's doc comment lists them.
    public static let checks: [ContractCheck<any MediationPartnersSubject>] = [
        check("partners.told-as-set", "a partner holds each flag it was told, and no flag it was not told") { ports in
            ports.partners.setPrivacy(PartnerPrivacyFlags(hasUserConsent: false, isAgeRestricted: true), for: .appLovin)
            try expect(
                "what AppLovin holds", ports.held(.appLovin), equals: PartnerPrivacyFlags(hasUserConsent: false, isAgeRestricted: true))
        },
        check("partners.later-replaces", "a later call replaces the flags it gives and keeps the others") { ports in
            ports.partners.setPrivacy(PartnerPrivacyFlags(hasUserConsent: true, doNotSell: false), for: .appLovin)
            ports.partners.setPrivacy(PartnerPrivacyFlags(hasUserConsent: false), for: .appLovin)
            try expect("what AppLovin holds", ports.held(.appLovin), equals: PartnerPrivacyFlags(hasUserConsent: false, doNotSell: false))
        },
        check("partners.apart", "what one partner is told does not reach another") { ports in
            ports.partners.setPrivacy(PartnerPrivacyFlags(hasUserConsent: true), for: .appLovin)
            try expect("what Unity Ads holds", ports.held(.unityAds), equals: PartnerPrivacyFlags())
        },
    ]

    private static func check(
        _ id: String, _ statement: String, _ body: @escaping @Sendable (MediationPartnersPorts) throws -> Void
    ) -> ContractCheck<any MediationPartnersSubject> {
        ContractCheck(ContractClause(id: id, port: .mediationPartners, statement: statement, source: "MP1", kind: .needsWorldControl)) { subject in
            guard let ports = try await subject.arrangeFresh() else { throw ContractSkip.cannotArrange("partners whose flags can be read back") }
            try body(ports)
        }
    }
}
