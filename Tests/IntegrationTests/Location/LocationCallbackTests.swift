import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// The change callback: once at creation, then on every change, never inside the call.
@Suite("Location change callback")
struct LocationCallbackTests {
    @Test("the callback comes once at creation with the current status, on a later turn, then on every change")
    func onceAtCreationThenOnEveryChange() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing))
        #expect(location.callbacks.values.isEmpty, "not during registration")
        location.clock.run()
        #expect(location.callbacks.values == [.notDetermined])

        location.manager.requestWhenInUseAuthorization()
        location.clock.run()
        location.services.change(.appAccess(.denied))
        location.clock.run()

        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse, .denied])
        #expect(location.trace.events(named: .locationCallback).map { $0["trigger"] } == ["registration", "change", "change"])
    }

    @Test("an answer changes the status at once, but the callback waits for the next turn")
    func callbackNotInsideTheAnswer() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing(after: .seconds(1))))
        location.clock.run()
        location.manager.requestWhenInUseAuthorization()
        location.clock.schedule(after: .seconds(1), label: "app reads the status just after the answer", kind: .appTimer) {
            #expect(location.manager.authorizationStatus == .authorizedWhenInUse)
            #expect(location.callbacks.values == [.notDetermined])
        }
        location.clock.advance(by: .seconds(1))
        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse])
    }

    @Test("turning Precise Location off in Settings calls back with the same status")
    func accuracyChangeCallsBack() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing))
        location.grantWhenInUse()
        location.services.change(.preciseLocation(false))
        location.clock.run()

        #expect(location.manager.accuracyAuthorization == .reducedAccuracy)
        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse, .authorizedWhenInUse])
    }
}
