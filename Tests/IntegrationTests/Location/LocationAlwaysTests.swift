import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// The always request: an escalation after when-in-use, or "provisional always" asked directly; once.
@Suite("Location always request")
struct LocationAlwaysTests {
    @Test("after when-in-use, Keep Only While Using leaves the status and calls nothing")
    func escalationKeptWhileUsing() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing, alwaysPrompt: .keepWhileUsing))
        location.grantWhenInUse()
        location.manager.requestAlwaysAuthorization()
        location.clock.run()

        #expect(location.trace.events(named: .locationPrompt).map { $0["kind"] } == ["whenInUse", "escalateToAlways"])
        #expect(location.manager.authorizationStatus == .authorizedWhenInUse)
        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse])
    }

    @Test("after when-in-use, Change to Always Allow gives authorizedAlways")
    func escalationChangedToAlways() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing, alwaysPrompt: .changeToAlways))
        location.grantWhenInUse()
        location.manager.requestAlwaysAuthorization()
        location.clock.run()

        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse, .authorizedAlways])
        #expect(!location.services.isProvisionalAlways)
    }

    @Test(
        "asked directly: Allow While Using gives a provisional always, Allow Once a temporary when-in-use",
        arguments: [
            (LocationPromptAnswer.allowWhileUsing, LocationAuthorizationStatus.authorizedAlways),
            (.allowOnce, .authorizedWhenInUse),
            (.dontAllow, .denied),
        ])
    func askedDirectly(answer: LocationPromptAnswer, status: LocationAuthorizationStatus) {
        let location = LocationRig(user: LocationUserScript(prompt: ScriptedAnswer(answer)))
        location.manager.requestAlwaysAuthorization()
        location.clock.run()

        #expect(location.trace.events(named: .locationPrompt).map { $0["kind"] } == ["always"])
        #expect(location.callbacks.values == [.notDetermined, status])
        #expect(location.services.isProvisionalAlways == (answer == .allowWhileUsing))
        #expect(location.services.isAllowOnce == (answer == .allowOnce))
    }

    @Test("a second always request does nothing")
    func onlyOnce() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing, alwaysPrompt: .keepWhileUsing))
        location.grantWhenInUse()
        location.manager.requestAlwaysAuthorization()
        location.clock.run()
        location.manager.requestAlwaysAuthorization()
        location.clock.run()

        #expect(location.trace.count(of: .locationPrompt) == 2)
        #expect(location.ignoredReasons == ["alwaysAlreadyRequested"])
    }
}
