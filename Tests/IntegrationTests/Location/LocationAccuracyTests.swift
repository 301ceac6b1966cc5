import AdRequestKit
import MockTrackingManager
import StandInRuntime
import Testing

/// Temporary full accuracy: the purpose key, when the OS shows no prompt, what an answer does.
@Suite("Location temporary full accuracy")
struct LocationAccuracyTests {
    /// A rig whose user granted when-in-use with Precise off.
    func approximate(fullAccuracy answer: FullAccuracyPromptAnswer = .allow) -> LocationRig {
        let location = LocationRig(
            user: LocationUserScript(
                prompt: .allowWhileUsing, turnsPreciseOff: true, fullAccuracyPrompt: ScriptedAnswer(answer)
            ))
        location.grantWhenInUse()
        return location
    }

    func requestFullAccuracy(_ location: LocationRig, purpose: String = "Directions") -> [LocationAuthorizationError?] {
        let results = Calls<LocationAuthorizationError?>()
        location.manager.requestTemporaryFullAccuracyAuthorization(purposeKey: purpose, completion: results.record)
        location.clock.run()
        return results.values
    }

    @Test("a purpose key missing from the Info.plist dictionary: no prompt, an error")
    func missingPurposeKey() {
        let location = approximate()
        #expect(requestFullAccuracy(location, purpose: "Unlisted") == [LocationAuthorizationError(.missingPurposeKey)])
        #expect(location.trace.count(of: .locationPrompt) == 1, "only the when-in-use prompt")
        #expect(location.manager.accuracyAuthorization == .reducedAccuracy)
    }

    @Test("accuracy already full: no prompt, an error")
    func alreadyFullAccuracy() {
        let location = LocationRig(user: LocationUserScript(prompt: .allowWhileUsing, fullAccuracyPrompt: ScriptedAnswer(.allow)))
        location.grantWhenInUse()
        #expect(requestFullAccuracy(location) == [LocationAuthorizationError(.alreadyFullAccuracy)])
        #expect(location.trace.count(of: .locationPrompt) == 1)
    }

    @Test("the app not active: no prompt, an error")
    func appNotActive() {
        let location = approximate()
        location.device.setAppState(.inactive)
        #expect(requestFullAccuracy(location) == [LocationAuthorizationError(.appNotActive)])
        #expect(location.trace.count(of: .locationPrompt) == 1)
    }

    @Test(
        "the user answers the prompt: allowed gives full accuracy; either way no error",
        arguments: [
            (FullAccuracyPromptAnswer.allow, LocationAccuracyAuthorization.fullAccuracy),
            (.decline, .reducedAccuracy),
        ])
    func promptAnswered(answer: FullAccuracyPromptAnswer, accuracy: LocationAccuracyAuthorization) {
        let location = approximate(fullAccuracy: answer)
        #expect(requestFullAccuracy(location) == [nil])
        #expect(location.trace.events(named: .locationPrompt).last?["kind"] == "temporaryFullAccuracy")
        #expect(location.manager.accuracyAuthorization == accuracy)
    }

    @Test("temporary full accuracy ends when the app goes to the background")
    func endsWhenAppLeavesUse() {
        let location = approximate()
        _ = requestFullAccuracy(location)
        location.device.setAppState(.background)
        location.clock.run()

        #expect(location.manager.accuracyAuthorization == .reducedAccuracy)
        #expect(location.manager.authorizationStatus == .authorizedWhenInUse)
    }
}
