import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// The when-in-use request: when the OS prompts, and what each answer gives.
@Suite("Location when-in-use request")
struct LocationWhenInUseTests {
    @Test("a prompt shows and makes the app inactive; the answer comes after the user's delay")
    func promptThenAnswerAfterDelay() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing(after: .seconds(2))))
        location.manager.requestWhenInUseAuthorization()
        #expect(location.trace.count(of: .locationPrompt) == 1)
        #expect(!location.device.isActive)

        location.clock.advance(by: .seconds(1))
        #expect(location.manager.authorizationStatus == .notDetermined)
        location.clock.advance(by: .seconds(1))
        #expect(location.manager.authorizationStatus == .authorizedWhenInUse)
        #expect(location.callbacks.values == [.notDetermined, .authorizedWhenInUse])
        #expect(location.device.isActive)
    }

    @Test(
        "each answer gives its status; Precise turned off gives reduced accuracy",
        arguments: [
            (LocationPromptAnswer.allowWhileUsing, false, LocationAuthorizationStatus.authorizedWhenInUse, LocationAccuracyAuthorization.fullAccuracy),
            (.allowWhileUsing, true, .authorizedWhenInUse, .reducedAccuracy),
            (.allowOnce, false, .authorizedWhenInUse, .fullAccuracy),
            (.dontAllow, true, .denied, .fullAccuracy),
        ])
    func answers(answer: LocationPromptAnswer, preciseOff: Bool, status: LocationAuthorizationStatus, accuracy: LocationAccuracyAuthorization) {
        let location = LocationRig(user: LocationUserScript(prompt: ScriptedAnswer(answer), turnsPreciseOff: preciseOff))
        location.grantWhenInUse()
        #expect(location.manager.authorizationStatus == status)
        #expect(location.manager.accuracyAuthorization == accuracy)
    }

    @Test("once decided, the request does nothing: no prompt, no callback")
    func ignoredOnceDecided() {
        let location = LocationRig(user: LocationUserScript(prompt: .dontAllow))
        location.grantWhenInUse()
        location.grantWhenInUse()

        #expect(location.callbacks.values == [.notDetermined, .denied])
        #expect(location.trace.count(of: .locationPrompt) == 1)
        #expect(location.ignoredReasons == ["alreadyDetermined"])
    }

    @Test("while the app is not active, the request does nothing")
    func ignoredWhileAppNotActive() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing), active: false)
        location.grantWhenInUse()

        #expect(location.callbacks.values == [.notDetermined])
        #expect(location.trace.count(of: .locationPrompt) == 0)
        #expect(location.ignoredReasons == ["appNotActive"])
    }

    @Test("a prompt with no scripted answer stays on screen and is reported as a scenario issue")
    func unscriptedPrompt() {
        let location = LocationRig()
        location.grantWhenInUse()

        #expect(location.trace.count(of: .harnessIssue) == 1)
        #expect(location.clock.pendingWork.contains { $0.due == nil })
        #expect(!location.device.isActive)
    }
}
