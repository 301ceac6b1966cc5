import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// The app-side helper of seed `003`, on virtual time.
@Suite("Location permission helper")
struct LocationPermissionTests {
    @Test("asks when notDetermined and resumes with the answer exactly when virtual time brings it")
    func waitsForTheAnswer() async {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing(after: .seconds(3))))
        let permission = LocationPermission(manager: location.manager)
        location.clock.run()

        let pending = permission.requestWhenInUse()
        location.clock.advance(by: .seconds(2))
        #expect(pending.current == nil)
        location.clock.advance(by: .seconds(1))
        #expect(await pending.value == .authorizedWhenInUse)
    }

    @Test("the callback at creation reports notDetermined before the user answers; it does not end the wait")
    func creationCallbackDoesNotEndTheWait() async {
        let location = LocationRig(user: LocationUserScript(prompt: .dontAllow(after: .seconds(1))))
        let pending = LocationPermission(manager: location.manager).requestWhenInUse()
        location.clock.run()
        #expect(pending.current == nil)

        location.clock.advance(by: .seconds(1))
        #expect(await pending.value == .denied)
    }

    @Test("once decided, the answer is the current status at once, with no request")
    func decidedAnswersAtOnce() async {
        let location = LocationRig(user: LocationUserScript(prompt: .dontAllow))
        location.grantWhenInUse()
        let permission = LocationPermission(manager: location.manager)

        #expect(await permission.requestWhenInUseAndWait() == .denied)
        #expect(location.trace.count(of: .locationRequest) == 1)
    }

    @Test("a request the OS ignores brings no callback, so the answer stays pending")
    func ignoredRequestStaysPending() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing), active: false)
        let permission = LocationPermission(manager: location.manager)
        let pending = permission.requestWhenInUse()
        location.clock.runUntilIdle()

        #expect(pending.current == nil)
        #expect(location.ignoredReasons == ["appNotActive"])
    }
}
