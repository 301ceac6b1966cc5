import AdHarness
import AdRequestKit
import AppInfoPlist
import MockTrackingManager
import StandInRuntime
import Testing

/// An ad app that also asks for location: the two system prompts meet, and the tracking request
/// must survive the location prompt being on screen.
@Suite("Location prompt before onboarding")
struct LocationPromptFlowTests {
    func app(location: LocationUserScript, infoPlist: InfoPlist = .standardWithLocation) throws -> SimulatedApp {
        try SimulatedApp(
            device: Device(infoPlist: infoPlist),
            user: User(trackingPrompt: .allow(after: .seconds(1)), consentForm: .acceptAll, location: location)
        )
    }

    @Test("tracking asked while the location prompt is up is asked again once the user answers it")
    func trackingRequestSurvivesLocationPrompt() throws {
        let app = try app(location: LocationUserScript(prompt: .allowWhileUsing(after: .seconds(2))))
        try app.launch()
        try app.requestLocation()
        try app.onboarding()
        #expect(app.trackingPrompts == 0, "no tracking prompt while the location prompt is on screen")

        try app.advance(by: .seconds(2))
        #expect(app.locationAnswers == [.authorizedWhenInUse])
        #expect(app.trackingPrompts == 1)

        try app.advance(by: .seconds(1))
        try app.requestAd()
        #expect(app.trackingStatus == .authorized)
        #expect(app.trace.contains(inOrder: [.locationPrompt, .trackingDeferred, .locationAnswer, .trackingPrompt, .consentFormPresent, .adsRequest]))
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
    }

    @Test("the location answer waits for virtual time; a relaunch asks through a new manager that reads the stored answer")
    func answerPersistsAcrossLaunches() throws {
        let app = try app(location: LocationUserScript(prompt: .dontAllow(after: .seconds(3))))
        try app.launch()
        try app.requestLocation()
        #expect(app.locationAnswers == [nil])

        try app.advance(by: .seconds(3))
        #expect(app.locationAnswers == [.denied])
        try app.relaunch()
        try app.requestLocation()

        #expect(app.locationAnswers == [.denied, .denied])
        #expect(app.trace.count(of: .locationPrompt) == 1)
    }

    @Test("without the usage text the request does nothing, and the answer never comes")
    func missingUsageText() throws {
        let app = try app(location: LocationUserScript(prompt: .allowWhileUsing), infoPlist: .standard)
        try app.launch()
        try app.requestLocation()
        try app.runUntilIdle()

        #expect(app.locationAnswers == [nil])
        #expect(app.trace.events(named: .locationIgnored).first?["missing"] == InfoPlist.locationWhenInUseUsageKey)
    }

    @Test("turning the app's location access off in Settings reaches the status")
    func settingsChange() throws {
        let app = try app(location: LocationUserScript(prompt: .allowWhileUsing))
        try app.launch()
        try app.requestLocation()
        try app.changeLocationSettings(.appAccess(.denied))

        #expect(app.locationStatus == .denied)
        #expect(app.trace.events(named: .locationCallback).map { $0["status"] } == ["notDetermined", "authorizedWhenInUse", "denied"])
    }

    @Test("a reinstall forgets the location answer; a relaunch keeps it")
    func reinstallForgets() throws {
        let app = try app(location: LocationUserScript(prompt: .dontAllow))
        try app.launch()
        try app.requestLocation()
        try app.relaunch()
        #expect(app.locationStatus == .denied)

        try app.reinstall()
        #expect(app.locationStatus == .notDetermined)
    }
}
