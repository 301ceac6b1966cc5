import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// Device-wide settings and installs, and the prompt the location and tracking requests share.
@Suite("Location device settings")
struct LocationDeviceSettingsTests {
    @Test("Location Services off reads denied by default, and the app hears of it")
    func servicesOffReadsDenied() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing))
        location.grantWhenInUse()
        location.services.change(.servicesEnabled(false))
        location.clock.run()

        #expect(location.manager.authorizationStatus == .denied)
        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse, .denied])
        location.services.change(.servicesEnabled(true))
        #expect(location.manager.authorizationStatus == .authorizedWhenInUse)
    }

    @Test("with the knob off, Location Services off keeps the app's own status and calls nothing")
    func servicesOffKeepsAppStatus() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing), settings: LocationSettings(servicesOffReportsDenied: false))
        location.grantWhenInUse()
        location.services.change(.servicesEnabled(false))
        location.clock.run()

        #expect(location.manager.authorizationStatus == .authorizedWhenInUse)
        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse])
    }

    @Test("with Location Services off, a request does nothing")
    func servicesOffIgnoresRequests() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing), settings: LocationSettings(servicesEnabled: false))
        location.grantWhenInUse()

        #expect(location.trace.count(of: .locationPrompt) == 0)
        #expect(location.ignoredReasons == ["locationServicesOff"])
    }

    @Test("restrictions read restricted, and no prompt shows")
    func restricted() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing), settings: LocationSettings(restricted: true))
        location.grantWhenInUse()

        #expect(location.manager.authorizationStatus == .restricted)
        #expect(location.trace.count(of: .locationPrompt) == 0)
    }

    @Test("a reinstall forgets the answer and the always request")
    func reinstallForgets() {
        let location = LocationRig(user: LocationUserScript(prompt: .dontAllow))
        location.manager.requestAlwaysAuthorization()
        location.clock.run()
        location.services.reinstallApp()

        #expect(location.manager.authorizationStatus == .notDetermined)
        location.manager.requestAlwaysAuthorization()
        #expect(location.trace.count(of: .locationPrompt) == 2)
    }

    @Test("a location prompt on screen makes a tracking request answer notDetermined, with no tracking prompt")
    func locationPromptBlocksTrackingPrompt() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing(after: .seconds(2))))
        location.manager.requestWhenInUseAuthorization()
        let tracking = Calls<TrackingAuthorizationStatus>()
        location.rig.tracking(.allow).requestTrackingAuthorization(completion: tracking.record)

        #expect(tracking.values == [.notDetermined])
        #expect(location.trace.count(of: .trackingPrompt) == 0)
        #expect(location.trace.events(named: .trackingAnswer).first?["reason"] == "anotherPromptOnScreen")
    }
}
