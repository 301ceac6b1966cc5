import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// "Allow Once": when-in-use for as long as the app is in use.
@Suite("Location Allow Once")
struct LocationAllowOnceTests {
    @Test("Allow Once reads as when-in-use and reverts to notDetermined when the app goes to the background")
    func revertsWhenAppLeavesUse() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowOnce))
        location.grantWhenInUse()
        #expect(location.manager.authorizationStatus == .authorizedWhenInUse)

        location.device.setAppState(.background)
        location.clock.run()

        #expect(location.manager.authorizationStatus == .notDetermined)
        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse, .notDetermined])
    }

    @Test("after Allow Once, the always request does nothing")
    func blocksAlways() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowOnce, alwaysPrompt: .changeToAlways))
        location.grantWhenInUse()
        location.manager.requestAlwaysAuthorization()
        location.clock.run()

        #expect(location.manager.authorizationStatus == .authorizedWhenInUse)
        #expect(location.trace.count(of: .locationPrompt) == 1)
        #expect(location.ignoredReasons == ["allowOnce"])
    }

    @Test("a relaunched app starts at notDetermined and may ask again")
    func endsWithTheProcess() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowOnce))
        location.grantWhenInUse()

        let relaunched = SimulatedLocationManager(services: location.services, process: location.rig.relaunched())
        #expect(relaunched.authorizationStatus == .notDetermined)
        relaunched.requestWhenInUseAuthorization()
        #expect(location.trace.count(of: .locationPrompt) == 2)
    }
}
