import AdHarness
import AdRequestKit
import PrivacySignals
import Testing

/// The mediated partners' stand-in records what each partner holds with what the user gave, and
/// `partnersToldNoMoreThanUserGave` judges each call from that record alone (catalogue MP1-MP3).
@Suite("Mediation partners' privacy flags")
struct MediationPartnersTests {
    /// Tells AppLovin `flags` at launch on a device, and returns the rules broken at that call.
    func told(
        _ flags: PartnerPrivacyFlags, device: Device = Device(), previousSession: PreviousSession = .freshInstall,
        configuration: AdsConfiguration = AdsConfiguration()
    ) throws -> [RuleID] {
        let app = try SimulatedApp(device: device, previousSession: previousSession, configuration: configuration, rules: .strict)
        app.stopsAtFirstFailure = false
        try app.launch()
        app.runningStandIns?.mediationPartners.setPrivacy(flags, for: .appLovin)
        return app.failures.map(\.rule).filter { $0 == .partnersToldNoMoreThanUserGave }
    }

    @Test("GDPR consent is judged against the stored choice: told true after reject all breaks the rule, after accept all it does not")
    func gdprConsent() throws {
        let rejected = PreviousSession(tracking: .authorized, consent: .obtained, consentChoices: .rejectAll)
        let accepted = PreviousSession(tracking: .authorized, consent: .obtained, consentChoices: .acceptAll)
        #expect(try told(PartnerPrivacyFlags(hasUserConsent: true), previousSession: rejected) == [.partnersToldNoMoreThanUserGave])
        #expect(try told(PartnerPrivacyFlags(hasUserConsent: true), previousSession: accepted) == [])
        #expect(try told(PartnerPrivacyFlags(hasUserConsent: false), previousSession: rejected) == [])
        // Not asked yet: no consent to tell.
        #expect(try told(PartnerPrivacyFlags(hasUserConsent: true)) == [.partnersToldNoMoreThanUserGave])
        // Outside the EEA the GDPR flag is not judged.
        #expect(try told(PartnerPrivacyFlags(hasUserConsent: true), device: Device(region: .other)) == [])
    }

    @Test("an age-tagged app must not tell a partner the user is not age-restricted")
    func ageRestriction() throws {
        let kids = AdsConfiguration(adRequestConfiguration: AdRequestConfiguration(ageTreatment: .child))
        let app = try SimulatedApp(configuration: kids, rules: .strict)
        app.stopsAtFirstFailure = false
        try app.launch()
        app.runningStandIns?.adSDK.setRequestConfiguration(kids.adRequestConfiguration)
        app.runningStandIns?.mediationPartners.setPrivacy(PartnerPrivacyFlags(isAgeRestricted: false), for: .unityAds)
        app.runningStandIns?.mediationPartners.setPrivacy(PartnerPrivacyFlags(isAgeRestricted: true), for: .liftoff)
        let broken = app.failures.filter { $0.rule == .partnersToldNoMoreThanUserGave }
        #expect(broken.map { $0.event[.mediationPartner] } == [.unityAds])
    }

    @Test("a TC string handed to a partner may not consent to more than the user chose, and must decode")
    func handedTCString() throws {
        let rejected = PreviousSession(tracking: .authorized, consent: .obtained, consentChoices: .rejectAll)
        var everything = TCString()
        everything.purposeConsents = Set(1...10)
        let claimsAll = try everything.encode()
        #expect(try told(PartnerPrivacyFlags(tcString: claimsAll), previousSession: rejected) == [.partnersToldNoMoreThanUserGave])
        #expect(try told(PartnerPrivacyFlags(tcString: "not a TC string"), previousSession: rejected) == [.partnersToldNoMoreThanUserGave])
        #expect(try told(PartnerPrivacyFlags(tcString: TCString().encode()), previousSession: rejected) == [])
    }

    @Test("each partner holds the last value it was told for each flag, and the trace says so")
    func heldFlags() throws {
        let app = try SimulatedApp(device: Device(region: .regulatedUSState))
        try app.launch()
        let partners = try #require(app.runningStandIns?.mediationPartners)
        partners.setPrivacy(PartnerPrivacyFlags(hasUserConsent: true, doNotSell: true), for: .appLovin)
        partners.setPrivacy(PartnerPrivacyFlags(doNotSell: false), for: .appLovin)
        #expect(partners.flags[.appLovin] == PartnerPrivacyFlags(hasUserConsent: true, doNotSell: false))
        let last = try #require(app.trace.events(named: .partnerConsent).last)
        #expect(
            last.description.hasSuffix(
                "partner.consent  partner=applovin hasUserConsent=true doNotSell=false isAgeRestricted=unset gdpr=false userConsented=false choicePurposes=none userOptedOut=false ageTagged=false canRequestAds=true"
            ))
    }
}
