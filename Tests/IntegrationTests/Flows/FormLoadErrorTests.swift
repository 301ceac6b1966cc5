import AdHarness
import AdRequestKit
import StandInRuntime
import Testing

/// The first fault users inject: the consent form fails to load.
@Suite("Consent form load errors")
struct FormLoadErrorTests {
    @Test("the app keeps working non-personalized and surfaces the error", arguments: FormLoadFailure.allCases)
    func formLoadFails(error: FormLoadFailure) throws {
        let app = try SimulatedApp(
            device: Device(region: .regulatedUSState),
            user: User(trackingPrompt: .allow),
            faults: [Fault.formLoad(.error(error))]
        )
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect(app.adRequests.count == 1)
        #expect(app.consentFormsShown == 0)
        // Outside the EEA no form is needed, so no load is attempted and the fault never fires.
        #expect(app.referenceGlue?.errors.isEmpty == true)
    }

    @Test(
        "in the EEA a failed load leaves consent required: no request leaves, the error is surfaced",
        arguments: [
            FormLoadFailure.timeout, .internal, .unavailable,
        ])
    func formLoadFailsInEEA(error: FormLoadFailure) throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .allow), faults: [Fault.formLoad(.error(error))])
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect((app.referenceGlue?.errors ?? []).map(\.description) == ["formLoad.\(error.rawValue)"])
        #expect(app.adRequests.isEmpty)
        #expect(app.adResults == [.failure(.refused(.consentNotGathered))])
        #expect(app.consentState?.shouldUseNPA == true)
        #expect(app.isRunning)
    }

    @Test("a returning user whose form fails to load still gets non-personalized ads")
    func returningUserStillGetsAds() throws {
        let app = try SimulatedApp(
            previousSession: PreviousSession(tracking: .denied, consent: .obtained),
            user: User(),
            faults: [Fault.formLoad(.error(.timeout))]
        )
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect(app.adRequests.map(\.isNonPersonalized) == [true])
        #expect(app.referenceGlue?.errors.isEmpty == true)
    }

    @Test("a timeout once, then the next launch loads the form")
    func failsOnceThenRecovers() throws {
        let app = try SimulatedApp(
            user: User(trackingPrompt: .deny, consentForm: .acceptAll),
            faults: [Fault.formLoad(.error(.timeout), times: 1)]
        )
        try app.launch()
        try app.onboarding()
        try app.relaunch()
        try app.onboarding()
        try app.requestAd()

        #expect((app.referenceGlue?.errors ?? []).map(\.description) == ["formLoad.timeout"])
        #expect(app.consentFormsShown == 1)
        #expect(app.adRequests.map(\.isNonPersonalized) == [true])
    }

    @Test("two apps made from one reference glue factory keep their own errors: the record is the app's, across its processes")
    func errorsArePerApp() throws {
        let glue = GlueFactory.reference()
        let failing = try SimulatedApp(glue: glue, user: User(trackingPrompt: .allow), faults: [Fault.formLoad(.error(.timeout))])
        let clean = try SimulatedApp(glue: glue, user: User(trackingPrompt: .allow, consentForm: .acceptAll))
        for app in [failing, clean] {
            try app.launch()
            try app.onboarding()
            try app.relaunch()
            try app.onboarding()
        }
        #expect((failing.referenceGlue?.errors ?? []).map(\.description) == ["formLoad.timeout", "formLoad.timeout"])
        #expect(clean.referenceGlue?.errors.isEmpty == true)
    }
}
