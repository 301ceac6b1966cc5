import AdRequestKit
import PrivacySignals
import StandInRuntime

/// The partner SDKs an app mediates, as far as their privacy flags go: each holds the last value
/// it was told, for this process (whether a partner keeps its flags across launches is not
/// documented: a *modelling choice*). Every call is recorded as `partner.consent` with what the
/// partner now holds and what the user gave at that moment (the GDPR choice, a US opt-out, an age
/// tag), so a rule can judge it alone.
package final class SimulatedMediationPartners: MediationPartners, Sendable {
    let process: AppProcess
    private let consent: ConsentStorage?
    private let region: @Sendable () -> ConsentRegion
    private let ageTagged: @Sendable () -> Bool
    private let canRequestAds: (@Sendable () -> Bool)?
    private let held = Locked<[MediationPartner: PartnerPrivacyFlags]>([:])

    /// Creates the partners of a process: `consent` is where the consent SDK keeps the user's
    /// answers (`nil` for an app on the legacy SDK), `region` where the user is, `ageTagged` whether
    /// the ad SDK's configuration tags the user for age-restricted treatment, `canRequestAds` whether
    /// the consent SDK allows ad requests in this process now (`nil` for an app on the legacy SDK).
    package init(
        process: AppProcess, consent: ConsentStorage?, region: @escaping @Sendable () -> ConsentRegion, ageTagged: @escaping @Sendable () -> Bool,
        canRequestAds: (@Sendable () -> Bool)? = nil
    ) {
        self.process = process
        self.consent = consent
        self.region = region
        self.ageTagged = ageTagged
        self.canRequestAds = canRequestAds
    }

    /// What each partner holds now.
    package var flags: [MediationPartner: PartnerPrivacyFlags] { held.snapshot }

    /// Tells a partner the flags given, recording what it holds after.
    package func setPrivacy(_ flags: PartnerPrivacyFlags, for partner: MediationPartner) {
        guard process.isRunning else { return }
        let now = held.withLock { held in
            let updated = (held[partner] ?? PartnerPrivacyFlags()).updated(with: flags)
            held[partner] = updated
            return updated
        }
        let region = region()
        let choice = consent.map { ConsentModeMapping(store: $0.store) }
        var fields: [EventField] = [
            EventField(.mediationPartner, partner),
            EventField(.partnerHasUserConsent, orUnset: now.hasUserConsent), EventField(.partnerDoNotSell, orUnset: now.doNotSell),
            EventField(.partnerAgeRestricted, orUnset: now.isAgeRestricted),
        ]
        if let text = now.tcString { fields.append(EventField(.partnerTCPurposes, Self.purposes(inTCString: text))) }
        fields += [
            EventField(.gdprApplies, region == .eea),
            EventField(.userConsented, choice.map { $0.choiceMade && $0.purposes.isSuperset(of: [1, 3, 4]) } ?? false),
            EventField(.choicePurposes, Self.list(choice?.choiceMade == true ? choice?.purposes ?? [] : [])),
            EventField(.userOptedOut, region == .regulatedUSState && consent?.usOptOut == true),
            EventField(.ageTagged, ageTagged()),
        ]
        if let canRequestAds { fields.append(EventField(.canRequestAds, canRequestAds())) }
        process.trace.record(.partnerConsent, fields)
    }

    /// The purposes a TC string consents to, or `unreadable`.
    static func purposes(inTCString text: String) -> String {
        guard let decoded = try? TCString(decoding: text) else { return "unreadable" }
        return list(decoded.purposeConsents)
    }

    /// `1,3,4`, or `none`.
    static func list(_ purposes: Set<Int>) -> String { purposes.isEmpty ? "none" : purposes.sorted().map(String.init).joined(separator: ",") }
}
