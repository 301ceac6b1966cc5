import AdRequestKit
import Testing

@Suite("Ad request builder")
struct AdRequestBuilderTests {
    static let nonPersonalized = DecisionTable.decide(tracking: .denied, consent: .obtained, consentAllowsAdRequests: true)
    static let personalized = DecisionTable.decide(tracking: .authorized, consent: .obtained, consentAllowsAdRequests: true)

    @Test("npa=1 is attached exactly when the decision asks for non-personalized ads")
    func npaFollowsDecision() {
        let builder = AdRequestBuilder(adUnitID: "unit").extra("collapsible", "bottom")
        #expect(builder.build(for: Self.nonPersonalized).extras == ["collapsible": "bottom", "npa": "1"])
        #expect(builder.build(for: Self.personalized).extras == ["collapsible": "bottom"])
    }

    @Test("an audience tag that rules out personalized ads, teen treatment included, puts npa=1 on a personalized decision")
    func audienceTagsAddNPA() {
        let tags = [
            AdRequestConfiguration(), AdRequestConfiguration(childDirectedTreatment: true), AdRequestConfiguration(underAgeOfConsent: true),
            AdRequestConfiguration(ageTreatment: .child), AdRequestConfiguration(underAgeOfConsent: false, ageTreatment: .teen),
        ]
        let builder = AdRequestBuilder(adUnitID: "unit")
        #expect(tags.map { builder.build(for: Self.personalized, audience: $0).isNonPersonalized } == [false, true, true, true, true])
    }

    @Test("a caller's own npa cannot override the decision")
    func builderOwnsNPA() {
        #expect(AdRequestBuilder(adUnitID: "unit").extra("npa", "0").build(for: Self.nonPersonalized).isNonPersonalized)
        #expect(!AdRequestBuilder(adUnitID: "unit").extra("npa", "1").build(for: Self.personalized).isNonPersonalized)
    }
}
