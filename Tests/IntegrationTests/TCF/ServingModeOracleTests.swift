import MockAdNetwork
import PrivacySignals
import StandInRuntime
import Testing

@testable import AdRequestKit

/// Each rule of the serving-mode oracle, from signals written as the consent SDK writes them.
@Suite("Serving-mode oracle")
struct ServingModeOracleTests {
    static let today = SimulatedCMP.calendarStart

    /// A store with the consent SDK's signals for choices, in or outside the EEA.
    static func store(_ choices: ConsentChoices?, gdprApplies: Bool = true) throws -> InMemoryKeyValueStore {
        let store = InMemoryKeyValueStore()
        let writer = TCFSignalWriter(store: store)
        writer.writeUpdate(gdprApplies: gdprApplies)
        if let choices { try writer.writeChoices(choices, gdprApplies: gdprApplies, at: today) }
        return store
    }

    @Test("each rule decides the situation it names")
    func eachRule() throws {
        let everything = Set(1...11)
        let broken = try Self.store(.acceptAll)
        broken.set("CQ!", forKey: TCFKey.tcString)
        let (untagged, childDirected) = (AdRequestConfiguration(), AdRequestConfiguration(childDirectedTreatment: true))
        let optedOut = try Self.store(nil, gdprApplies: false)
        GPPSignalWriter(store: optedOut).writeDecision(optedOut: true)
        let situations: [(String, InMemoryKeyValueStore, Bool, Int, AdRequestConfiguration)] = [
            ("outside the EEA", try Self.store(.acceptAll, gdprApplies: false), false, Self.today, untagged),
            ("regulated US state, opted out", optedOut, false, Self.today, untagged),
            ("EEA, form not answered", try Self.store(nil), false, Self.today, untagged),
            ("a string that does not decode", broken, false, Self.today, untagged),
            ("accept all, 14 months later", try Self.store(.acceptAll), true, Self.today + 14 * 31 * 864_000, untagged),
            (
                "Google refused and objected to", try Self.store(ConsentChoices(purposes: everything, vendors: [1], objectedVendors: [755])), false, Self.today,
                untagged
            ),
            ("reject all", try Self.store(.rejectAll), false, Self.today, untagged),
            (
                "every purpose, Google by legitimate interest only", try Self.store(ConsentChoices(purposes: everything, vendors: [1])), false, Self.today,
                untagged
            ),
            (
                "objections to 2, 7, 9, 10", try Self.store(ConsentChoices(purposes: [1, 3, 4], vendors: [755], objectedPurposes: [2, 7, 9, 10])), false,
                Self.today, untagged
            ),
            ("no profiling purposes", try Self.store(ConsentChoices(purposes: [1, 2, 7, 9, 10], vendors: [755])), false, Self.today, untagged),
            ("accept all", try Self.store(.acceptAll), false, Self.today, untagged),
            ("accept all, npa=1", try Self.store(.acceptAll), true, Self.today, untagged),
            ("accept all, child-directed, npa=1", try Self.store(.acceptAll), true, Self.today, childDirected),
            ("accept all, under age", try Self.store(.acceptAll), false, Self.today, AdRequestConfiguration(underAgeOfConsent: true)),
            ("accept all, child age treatment", try Self.store(.acceptAll), false, Self.today, AdRequestConfiguration(ageTreatment: .child)),
            ("accept all, teen age treatment", try Self.store(.acceptAll), false, Self.today, AdRequestConfiguration(ageTreatment: .teen)),
        ]
        let rules = situations.map { ServingModeOracle.decide(store: $0.1, nonPersonalizedRequested: $0.2, now: $0.3, configuration: $0.4).rule }
        #expect(
            zip(situations, rules).map { "\($0.0): \($1.rawValue)" } == [
                "outside the EEA: gdprDoesNotApply", "regulated US state, opted out: usStateOptOut", "EEA, form not answered: noTCString",
                "a string that does not decode: invalidTCString",
                "accept all, 14 months later: consentOutdated", "Google refused and objected to: googleNotAllowed", "reject all: noStorageConsent",
                "every purpose, Google by legitimate interest only: noStorageConsent", "objections to 2, 7, 9, 10: basicAdsPurposesMissing",
                "no profiling purposes: personalizationNotConsented", "accept all: personalizationAllowed", "accept all, npa=1: nonPersonalizedRequested",
                "accept all, child-directed, npa=1: childDirectedTreatment", "accept all, under age: underAgeOfConsent",
                "accept all, child age treatment: childAgeTreatment", "accept all, teen age treatment: teenAgeTreatment",
            ])
        #expect(try Set(rules + Self.policyRules().map(\.decided)) == Set(ServingModeRule.allCases))
    }

    /// The rules that need more than the stored choices: the ad network's policy, the US Privacy
    /// string, and the request's `gad_rdp`, each with the rule it must give.
    static func policyRules() throws -> [(rule: ServingModeRule, decided: ServingModeRule)] {
        let accepted = try store(.acceptAll)
        var withoutDisclosed = try TCString(decoding: try #require(accepted.string(forKey: TCFKey.tcString)))
        withoutDisclosed.disclosedVendors = nil
        let tcf22 = try store(.acceptAll)
        tcf22.set(try withoutDisclosed.encode(), forKey: TCFKey.tcString)
        let usPrivacy = try store(nil, gdprApplies: false)
        usPrivacy.set("1YYN", forKey: ServingModeOracle.usPrivacyStringKey)
        let cutShort = try store(nil, gdprApplies: false)
        cutShort.set(GPPString(sections: [(16, "BVWSSV")]).encoded, forKey: GPPKey.gppString)
        let controls = try store(nil, gdprApplies: false)
        ConsentStorage(store: controls).personalizationOptOutInForce = true
        let decide = { (store: InMemoryKeyValueStore, rdp: Bool, policy: ServingPolicy) in
            ServingModeOracle.decide(store: store, nonPersonalizedRequested: false, now: today, restrictedDataProcessingRequested: rdp, policy: policy).rule
        }
        return [
            (.cmpNotCertified, decide(accepted, false, ServingPolicy(certifiedCMPIDs: [28]))),
            (.personalizationAllowed, decide(accepted, false, ServingPolicy(certifiedCMPIDs: [ServingPolicy.consentSDKCMPID]))),
            (.googleNotDisclosed, decide(tcf22, false, ServingPolicy())),
            (.personalizationAllowed, decide(tcf22, false, ServingPolicy(requiresDisclosedVendors: false))),
            (.usPrivacyStringOptOut, decide(usPrivacy, false, ServingPolicy())),
            (.usSectionUndecodable, decide(cutShort, false, ServingPolicy())),
            (.personalizationControlsOptOut, decide(controls, false, ServingPolicy())),
            (.restrictedDataProcessingRequested, decide(accepted, true, ServingPolicy())),
            (.gdprDoesNotApply, decide(try store(nil, gdprApplies: false), false, ServingPolicy())),
        ]
    }

    @Test(
        "TCF 2.3 (a string must disclose Google), a certified CMP, the US Privacy string and gad_rdp each lower the mode; each can be shown off"
    )
    func policyAndUSRestrictedProcessing() throws {
        let rules = try Self.policyRules()
        #expect(rules.map(\.decided) == rules.map(\.rule))
        #expect(ServingModeRule.cmpNotCertified.mode == .limited && ServingModeRule.googleNotDisclosed.mode == .limited)
        #expect(ServingModeRule.usPrivacyStringOptOut.mode == .nonPersonalized && ServingModeRule.restrictedDataProcessingRequested.mode == .nonPersonalized)
    }

    @Test("a US section that does not decode is read as an opt-out, and the decision says which section and why")
    func undecodableSectionIsNamed() throws {
        let store = try Self.store(nil, gdprApplies: false)
        // Texas opted out, but the text ends before its last fields; Virginia after it records no opt-out.
        var virginiaNoOptOut = try #require(GPPUSStateSection(id: 9))
        (virginiaNoOptOut["SaleOptOut"], virginiaNoOptOut["TargetedAdvertisingOptOut"]) = ([2], [2])
        store.set(GPPString(sections: [(9, try virginiaNoOptOut.encode()), (16, "BVWSSV")]).encoded, forKey: GPPKey.gppString)
        let decision = ServingModeOracle.decide(store: store, nonPersonalizedRequested: false, now: Self.today)
        #expect(decision.rule == .usSectionUndecodable && decision.mode == .nonPersonalized)
        #expect(
            decision.note == "GPP US section 16 does not decode, read as an opt-out: segment 2 (ustx), bit 36, MspaCoveredTransaction: "
                + "expected 42 bits (7 or 8 characters), found 36 (6 characters): the text ends in this field")
    }

    @Test(
        "a third-party CMP's US state section records an opt-out as the US National section does; one with none records none, one that does not decode is read as an opt-out"
    )
    func stateSectionOptOut() throws {
        var texasNoOptOut = try #require(GPPUSStateSection(id: 16))
        (texasNoOptOut["SaleOptOut"], texasNoOptOut["TargetedAdvertisingOptOut"]) = ([2], [2])
        let usnatNoOptOut = try GPPSignalWriter.section(optedOut: false).encode()
        let cases: [(String, [(id: Int, text: String)])] = [
            ("California, opted out (the IAB's example)", [(8, "BVWSSSVY.YA")]),
            ("Indiana, opted out (the IAB's example, no version field)", [(25, "BVVV.kkk")]),
            ("usnat without an opt-out, Virginia with one", [(7, usnatNoOptOut), (9, "BVWSSVY")]),
            ("Texas, did not opt out", [(16, try texasNoOptOut.encode())]),
            ("California, every field not applicable", [(8, "BAAAAABA.QA")]),
            ("Texas, opted out but cut short", [(16, "BVWSSV")]),
        ]
        let rules = try cases.map { _, sections in
            let store = try Self.store(nil, gdprApplies: false)
            store.set(GPPString(sections: sections).encoded, forKey: GPPKey.gppString)
            return ServingModeOracle.decide(store: store, nonPersonalizedRequested: false, now: Self.today).rule
        }
        #expect(
            zip(cases, rules).map { "\($0.0): \($1.rawValue)" } == [
                "California, opted out (the IAB's example): usStateOptOut",
                "Indiana, opted out (the IAB's example, no version field): usStateOptOut",
                "usnat without an opt-out, Virginia with one: usStateOptOut",
                "Texas, did not opt out: gdprDoesNotApply",
                "California, every field not applicable: gdprDoesNotApply",
                "Texas, opted out but cut short: usSectionUndecodable",
            ])
    }

    @Test("an audience tag only lowers the mode the signals allow, teen treatment included")
    func audienceTagsOnlyLower() throws {
        let tags = [
            AdRequestConfiguration(childDirectedTreatment: true), AdRequestConfiguration(underAgeOfConsent: true),
            AdRequestConfiguration(ageTreatment: .child), AdRequestConfiguration(childDirectedTreatment: false, ageTreatment: .teen),
        ]
        let modes = try [ConsentChoices.acceptAll, .rejectAll].map { choices in
            let store = try Self.store(choices)
            return tags.map { ServingModeOracle.decide(store: store, nonPersonalizedRequested: false, now: Self.today, configuration: $0).mode }
        }
        #expect(modes == [[.nonPersonalized, .nonPersonalized, .nonPersonalized, .nonPersonalized], [.limited, .limited, .limited, .limited]])
    }

    @Test("the ad network places an EEA request itself: with no GDPR signal stored yet it is served as one without a TC string")
    func eeaWithoutSignals() {
        let empty = InMemoryKeyValueStore()
        #expect(ServingModeOracle.decide(store: empty, nonPersonalizedRequested: false, now: Self.today, inEEA: true).rule == .noTCString)
        #expect(ServingModeOracle.decide(store: empty, nonPersonalizedRequested: false, now: Self.today).rule == .gdprDoesNotApply)
        let outside = InMemoryKeyValueStore()
        outside.set(0, forKey: TCFKey.gdprApplies)
        #expect(ServingModeOracle.decide(store: outside, nonPersonalizedRequested: false, now: Self.today, inEEA: true).rule == .gdprDoesNotApply)
    }

    @Test("npa=1 only lowers the mode the signals allow")
    func npaOnlyLowers() throws {
        let modes = try [ConsentChoices.acceptAll, .rejectAll].map { choices in
            let store = try Self.store(choices)
            return [false, true].map { ServingModeOracle.decide(store: store, nonPersonalizedRequested: $0, now: Self.today).mode }
        }
        #expect(modes == [[.personalized, .nonPersonalized], [.limited, .limited]])
    }

    @Test(
        "what the stand-in writes decodes to the same choices, and the pre-parsed keys agree with the string",
        arguments: [
            ConsentChoices.acceptAll, .rejectAll,
            ConsentChoices(purposes: [1, 2, 7], specialFeatures: [2], vendors: [10, 755], objectedPurposes: [8], objectedVendors: [1]),
        ])
    func writtenSignalsRoundTrip(_ choices: ConsentChoices) throws {
        let store = try Self.store(choices)
        let text = try #require(store.string(forKey: TCFKey.tcString))
        let tc = try TCString(decoding: text)
        let decoded = [tc.purposeConsents, tc.specialFeatureOptIns, tc.vendorConsents.ids, tc.purposeLegitimateInterests, tc.vendorLegitimateInterests.ids]
        let signals = TCFSignals(store: store)
        let parsed = [(1...11).filter { TCFSignals.isSet(signals.purposeConsents, $0) }, (1...755).filter { TCFSignals.isSet(signals.vendorConsents, $0) }]
        #expect(decoded == [choices.purposes, choices.specialFeatures, choices.vendors, choices.legitimateInterestPurposes, choices.legitimateInterestVendors])
        #expect(parsed == [choices.purposes.sorted(), choices.vendors.sorted()])
        #expect(try tc.encode() == text && tc.specProblems.isEmpty && store.integer(forKey: TCFKey.gdprApplies) == 1)
        // TCF Policies v5 (the vendor list of July 2024 on; TCF 2.3 keeps it): the string and the key say 5.
        #expect(tc.policyVersion == 5 && store.integer(forKey: TCFKey.policyVersion) == 5)
        // The publisher keys say what the PublisherTC segment says; the Additional Consent string names every provider once.
        #expect(
            [TCFKey.publisherConsent, TCFKey.publisherLegitimateInterests, TCFKey.publisherCustomPurposesConsents, TCFKey.additionalConsent]
                .map { store.string(forKey: $0) } == [
                    TCFKey.binaryString(tc.publisherTC?.purposeConsents ?? [999], count: 11),
                    TCFKey.binaryString(tc.publisherTC?.purposeLegitimateInterests ?? [999], count: 11),
                    "", choices == .acceptAll ? "2~1.35.41.101~dv." : "2~~dv.1.35.41.101",
                ])
    }

    @Test("reset clears every TCF key")
    func resetClears() throws {
        let store = try Self.store(.acceptAll)
        ConsentStorage(store: store).clear()
        #expect(TCFKey.all.filter { store.contents[$0] != nil } == [])
    }
}
