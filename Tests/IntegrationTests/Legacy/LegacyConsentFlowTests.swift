import AdHarness
import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import StandInRuntime
import Testing

/// The legacy consent SDK's flow (seed `002`) behind the same coordinator and service.
@Suite("Legacy consent profile")
struct LegacyConsentFlowTests {
    func app(
        region: ConsentRegion = .eea,
        settings: LegacyConsentSettings = LegacyConsentSettings(),
        sdk: LegacyConsentSDKSettings = LegacyConsentSDKSettings(),
        previousSession: PreviousSession = .freshInstall,
        tracking: ScriptedAnswer<TrackingPromptAnswer> = .allow,
        form: ScriptedAnswer<LegacyFormAnswer>? = nil
    ) throws -> SimulatedApp {
        try SimulatedApp(
            device: Device(region: region),
            consent: .legacy(settings, sdk: sdk),
            previousSession: previousSession,
            user: User(trackingPrompt: tracking, legacyConsentForm: form)
        )
    }

    @Test(
        "in the EEA the form is shown; the choice decides npa",
        arguments: [
            (LegacyFormAnswer.personalized, false), (.nonPersonalized, true),
        ])
    func eeaChoice(answer: LegacyFormAnswer, npa: Bool) throws {
        let app = try app(form: ScriptedAnswer(answer))
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect(app.trace.contains(inOrder: [.legacyConsentUpdate, .trackingPrompt, .legacyConsentFormPresent, .legacyConsentFormAnswer]))
        #expect(app.consentState?.legacy?.status == (answer == .personalized ? .personalized : .nonPersonalized))
        #expect(app.consentState?.legacy?.usePersonalizedAds == (answer == .personalized))
        #expect(app.adRequests.map(\.isNonPersonalized) == [npa])
    }

    @Test("before the user chooses, no ad is requested in the EEA")
    func noAdsBeforeChoice() throws {
        let app = try app(form: .personalized)
        try app.launch()
        try app.requestAd()
        #expect(app.adRequests.isEmpty)
        #expect(app.consentState?.canRequestAds == false)
    }

    @Test("outside the EEA: no form, personalized by default; npa=1 once the preference is off")
    func outsideEEA() throws {
        let app = try app(region: .other, form: .nonPersonalized)
        try app.launch()
        try app.onboarding()
        try app.requestAd()
        #expect(app.trace.count(of: .legacyConsentFormPresent) == 0)
        #expect(app.consentState?.legacy?.inEEAOrUnknown == false)

        try app.openPrivacyOptions()
        try app.requestAd()
        #expect(app.consentState?.legacy?.usePersonalizedAds == false)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false, true])
    }

    @Test("the ad-free choice reaches the app, and no ad is requested")
    func adFree() throws {
        let app = try app(settings: LegacyConsentSettings(offers: LegacyFormOffers(adFree: true)), form: .adFree)
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect(app.consentState?.legacy?.prefersAdFree == true)
        #expect(app.consentState?.legacy?.status == .unknown)
        #expect(app.adRequests.isEmpty)
        #expect(app.trace.events(named: .legacyConsentFormPresent).first?["offers"] == "personalized,nonPersonalized,adFree")
    }

    @Test("choosing an option the form does not offer is a scenario issue")
    func notOffered() throws {
        let app = try app(form: .adFree)
        try app.launch()
        #expect(throws: HarnessFailure.self) { try app.onboarding() }
    }

    @Test("the settings entry re-shows the form at any time and the new choice applies")
    func settingsEntry() throws {
        let app = try app(
            previousSession: PreviousSession(tracking: .authorized, legacyConsent: .personalized, usePersonalizedAds: true), form: .nonPersonalized)
        try app.launch()
        try app.requestAd()
        try app.openPrivacyOptions()
        try app.requestAd()
        #expect(app.adRequests.map(\.isNonPersonalized) == [false, true])
        #expect(app.trace.count(of: .legacyConsentFormPresent) == 1)
    }

    @Test(
        "unknown publisher identifiers fail the update from the EEA only (the service checks them nowhere else)",
        arguments: [
            (ConsentRegion.eea, ["consentInfoUpdate.invalidPublisherIdentifiers"], false),
            (.other, [], true),
        ])
    func unknownPublisher(region: ConsentRegion, errors: [String], canRequestAds: Bool) throws {
        let app = try app(region: region, settings: LegacyConsentSettings(publisherIdentifiers: ["ca-app-pub-123"]))
        try app.launch()
        #expect((app.referenceGlue?.errors ?? []).map(\.description) == errors)
        #expect(app.consentState?.canRequestAds == canRequestAds, "after a failed update the location stays unknown, counted as the EEA")
    }

    @Test("an invalid privacy-policy URL means no form")
    func invalidPrivacyPolicyURL() throws {
        let app = try app(settings: LegacyConsentSettings(privacyPolicyURL: "not a url"), form: .personalized)
        try app.launch()
        try app.onboarding()
        #expect((app.referenceGlue?.errors ?? []).map(\.description) == ["formLoad.invalidPrivacyPolicyURL"])
    }

    @Test(
        "load and present errors are surfaced",
        arguments: [
            (Fault.formLoad(.error(.timeout)), "formLoad.timeout"),
            (Fault.formPresent(.error(.alreadyUsed)), "formPresent.alreadyUsed"),
        ])
    func formErrors(fault: Fault, error: String) throws {
        let app = try SimulatedApp(
            consent: .legacy(LegacyConsentSettings()),
            user: User(trackingPrompt: .deny, legacyConsentForm: .personalized),
            faults: [fault]
        )
        try app.launch()
        try app.onboarding()
        #expect((app.referenceGlue?.errors ?? []).map(\.description) == [error])
    }

    @Test("a debug geography applies only on a listed debug device", arguments: [true, false])
    func debugGeography(listed: Bool) throws {
        let device = LegacyConsentSDKSettings().deviceIdentifier
        let settings = LegacyConsentSettings(debug: LegacyDebugSettings(geography: .eea, deviceIdentifiers: listed ? [device] : ["another-device"]))
        let app = try app(region: .other, settings: settings, form: .personalized)
        try app.launch()
        #expect(app.consentState?.legacy?.inEEAOrUnknown == listed)
    }

    @Test("on a simulator a debug geography applies without listing the device")
    func debugGeographyOnASimulator() throws {
        let settings = LegacyConsentSettings(debug: LegacyDebugSettings(geography: .eea, deviceIdentifiers: []))
        let app = try app(region: .other, settings: settings, sdk: LegacyConsentSDKSettings(isSimulator: true), form: .personalized)
        try app.launch()
        #expect(app.consentState?.legacy?.inEEAOrUnknown == true)
    }

    @Test("when the ad providers changed, the stored choice resets and the form shows again")
    func providersChanged() throws {
        let app = try app(
            sdk: LegacyConsentSDKSettings(providersChanged: true),
            previousSession: PreviousSession(legacyConsent: .personalized),
            tracking: .deny,
            form: .nonPersonalized
        )
        try app.launch()
        #expect(app.consentState?.legacy?.status == .unknown)
        try app.onboarding()
        #expect(app.consentState?.legacy?.status == .nonPersonalized)
    }

    @Test("the legacy profile is held to the same invariants")
    func invariantsApply() throws {
        let app = try SimulatedApp(
            consent: .legacy(LegacyConsentSettings()),
            previousSession: PreviousSession(tracking: .authorized, legacyConsent: .nonPersonalized, usePersonalizedAds: false),
            mistakes: [.dropsNonPersonalizedExtra]
        )
        try app.launch()
        let failure = #expect(throws: HarnessFailure.self) { try app.requestAd() }
        guard case .invariantViolated(let violation)? = failure else { return }
        #expect(violation.rule == .personalizedOnlyWithBothAnswers)
    }
}
