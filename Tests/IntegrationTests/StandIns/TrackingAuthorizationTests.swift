import AdRequestKit
import AppInfoPlist
import MockTrackingManager
import StandInRuntime
import Testing

/// The OS's tracking authorization as the stand-in reproduces it (catalogue section "Tracking").
@Suite("Tracking authorization stand-in")
struct TrackingAuthorizationTests {
    @Test("notDetermined until asked; the prompt shows once and later requests answer from storage")
    func promptOnce() {
        let rig = Rig()
        let tracking = rig.tracking(.allow)
        #expect(tracking.trackingAuthorizationStatus == .notDetermined)

        let calls = Calls<TrackingAuthorizationStatus>()
        tracking.requestTrackingAuthorization(completion: calls.record)
        #expect(calls.values.isEmpty, "a prompted answer comes later, not during the call")
        rig.clock.run()
        tracking.requestTrackingAuthorization(completion: calls.record)

        #expect(calls.values == [.authorized, .authorized])
        #expect(rig.trace.count(of: .trackingPrompt) == 1)
        #expect(rig.trace.events(named: .trackingAnswer).last?["reason"] == "storedAnswer")
    }

    @Test(
        "no prompt, answered synchronously on the caller",
        arguments: [
            (OSSettings(trackingRestricted: true), TrackingAuthorizationStatus.restricted, "restricted"),
            (OSSettings(allowAppsToRequestToTrack: false), .denied, "systemSwitchOff"),
        ])
    func immediatePaths(os: OSSettings, expected: TrackingAuthorizationStatus, reason: String) {
        let rig = Rig(os: os)
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.allow).requestTrackingAuthorization(completion: calls.record)

        #expect(calls.values == [expected])
        #expect(calls.onBackgroundThread == [false])
        #expect(rig.trace.count(of: .trackingPrompt) == 0)
        #expect(rig.trace.events(named: .trackingAnswer).first?["reason"] == reason)
    }

    @Test("the system switch off stores nothing: switching it on gives notDetermined again")
    func switchOffStoresNothing() {
        let rig = Rig(os: OSSettings(allowAppsToRequestToTrack: false))
        rig.tracking(.allow).requestTrackingAuthorization { _ in }
        #expect(rig.device.trackingStatus == .denied)
        #expect(rig.device.storedAnswer == .none)

        rig.device.change(.allowAppsToRequestToTrack(true))
        #expect(rig.device.trackingStatus == .notDetermined)
    }

    @Test(
        "14.4 to 14.5.0 store the denial of a request made with the switch off; it stays once the switch is on (fixed in 14.5.1)",
        arguments: [
            (OSVersion("14.3"), TrackingAuthorizationStatus.notDetermined), ("14.4", .denied), ("14.5", .denied), ("14.5.1", .notDetermined),
            ("18.0", .notDetermined),
        ])
    func switchOffDenialByVersion(version: OSVersion, afterSwitchOn: TrackingAuthorizationStatus) {
        let rig = Rig(os: OSSettings(osVersion: version, allowAppsToRequestToTrack: false))
        rig.tracking(.allow).requestTrackingAuthorization { _ in }
        rig.device.change(.allowAppsToRequestToTrack(true))
        #expect(rig.device.trackingStatus == afterSwitchOn)
    }

    @Test("an app that is not active gets notDetermined at once and no prompt")
    func inactiveApp() {
        let rig = Rig(active: false)
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.allow).requestTrackingAuthorization(completion: calls.record)

        #expect(calls.values == [.notDetermined])
        #expect(rig.trace.count(of: .trackingPrompt) == 0)
        #expect(rig.trace.events(named: .trackingAnswer).first?["reason"] == "appNotActive")
    }

    @Test("a second request while the prompt is on screen gets notDetermined at once")
    func anotherPromptPending() {
        let rig = Rig()
        let tracking = rig.tracking(.allow(after: .seconds(5)))
        let calls = Calls<TrackingAuthorizationStatus>()
        tracking.requestTrackingAuthorization(completion: calls.record)
        tracking.requestTrackingAuthorization(completion: calls.record)

        #expect(calls.values == [.notDetermined])
        #expect(rig.trace.events(named: .trackingAnswer).first?["reason"] == "anotherPromptOnScreen")
        rig.clock.advance(by: .seconds(5))
        #expect(calls.values == [.notDetermined, .authorized])
    }

    @Test("a prompt makes the app inactive; the answer comes later on a background thread, then the app is active")
    func promptedAnswerThreadAndLifecycle() {
        let rig = Rig()
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.deny(after: .seconds(3))).requestTrackingAuthorization(completion: calls.record)
        #expect(!rig.device.isActive)

        rig.clock.advance(by: .seconds(2))
        #expect(calls.values.isEmpty)
        rig.clock.advance(by: .seconds(1))
        #expect(calls.values == [.denied])
        #expect(calls.onBackgroundThread == [true])
        #expect(rig.device.isActive)
    }

    @Test("the alert has no dismiss: a user who leaves the app while it is up has it taken away, notDetermined; back in the app, it may prompt again")
    func leftApp() {
        let rig = Rig()
        let tracking = rig.tracking(.leaveApp)
        let calls = Calls<TrackingAuthorizationStatus>()
        tracking.requestTrackingAuthorization(completion: calls.record)
        rig.clock.run()
        #expect(rig.trace.contains(inOrder: [.trackingPrompt, .appBackground, .trackingAnswer]))
        #expect(rig.device.appState == .background, "the user stays away until the scenario brings the app back")
        tracking.requestTrackingAuthorization(completion: calls.record)
        rig.clock.run()
        #expect(rig.trace.count(of: .trackingPrompt) == 1, "an app in the background is not prompted")
        rig.device.setAppState(.active)
        tracking.requestTrackingAuthorization(completion: calls.record)
        rig.clock.run()

        #expect(calls.values == [.notDetermined, .notDetermined, .notDetermined])
        #expect(rig.trace.count(of: .trackingPrompt) == 2)
        #expect(
            rig.trace.events(named: .trackingAnswer).map { $0[.trackingAnswerReason] } == [.appLeftForeground, .noPrompt(.appNotActive), .appLeftForeground])
    }

    @Test("Additional Information is on the expanded sheet only: scripted for the alert, the prompt is left unanswered with a reason")
    func additionalInformationNeedsTheSheet() {
        let rig = Rig(os: OSSettings(osVersion: "27.2", trackingPromptRegion: .outsideEU))
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.additionalInformation).requestTrackingAuthorization(
            preferringExpandedInterface: true, additionalInformation: nil, completion: calls.record)
        rig.clock.run()
        #expect(calls.values.isEmpty)
        let issues = rig.trace.events(named: .harnessIssue).compactMap { $0["issue"] }
        #expect(issues.count == 1 && issues[0].contains("two buttons"), "\(issues)")
    }

    @Test(
        "from 27.2 the sheet replaces the alert in the five countries always, elsewhere in the EU when the app prefers it, never outside the EU or before 27.2",
        arguments: [
            ("27.2", TrackingPromptRegion.euFullPageSheet, false, true), ("27.2", .eu, true, true), ("27.2", .eu, false, false),
            ("27.2", .outsideEU, true, false), ("26.1", .euFullPageSheet, true, false),
        ]
    )
    func expandedSheet(os: String, region: TrackingPromptRegion, prefers: Bool, sheet: Bool) {
        let rig = Rig(os: OSSettings(osVersion: OSVersion(text: os)!, trackingPromptRegion: region))
        let calls = Calls<TrackingAuthorizationStatus>()
        let actions = Calls<String>()
        rig.tracking(sheet ? .additionalInformation : .deny).requestTrackingAuthorization(
            preferringExpandedInterface: prefers, additionalInformation: { actions.record("more") }, completion: calls.record
        )
        rig.clock.run()
        #expect(rig.trace.events(named: .trackingPrompt).map { $0["style"] } == [sheet ? "sheet" : nil])
        #expect(calls.values == [sheet ? .notDetermined : .denied])
        #expect(actions.values == (sheet ? ["more"] : []), "the app's action runs for the sheet's button")
    }

    @Test("a sheet shown again in a process whose user tapped Additional Information waits for them, instead of being answered so again at once")
    func additionalInformationThenAskedAgainWaits() {
        let rig = Rig(os: OSSettings(osVersion: "27.2", trackingPromptRegion: .euFullPageSheet))
        let tracking = rig.tracking(.additionalInformation)
        let calls = Calls<TrackingAuthorizationStatus>()
        for _ in 1...2 {
            tracking.requestTrackingAuthorization(preferringExpandedInterface: true, additionalInformation: {}, completion: calls.record)
            rig.clock.run()
        }
        #expect(rig.trace.count(of: .trackingPrompt) == 2)
        #expect(calls.values == [.notDetermined], "the second sheet is up, unanswered")
        #expect(rig.clock.pendingWork.map(\.label) == ["tracking prompt: the user reads the app's additional information"])
    }

    @Test("from 27.2 in the EU an answered prompt may show again a year after the answer; before the year, outside the EU or before 27.2 the answer stands")
    func yearlyRepromptInTheEU() {
        func prompts(
            os: String, region: TrackingPromptRegion, after wait: Duration, switchOff: Bool = false
        ) -> (prompts: Int, statuses: [TrackingAuthorizationStatus]) {
            let rig = Rig(os: OSSettings(osVersion: OSVersion(text: os)!, trackingPromptRegion: region))
            let calls = Calls<TrackingAuthorizationStatus>()
            rig.tracking(.deny).requestTrackingAuthorization(completion: calls.record)
            rig.clock.run()
            rig.clock.advance(by: wait)
            if switchOff { rig.device.change(.allowAppsToRequestToTrack(false)) }
            rig.tracking(.allow).requestTrackingAuthorization(completion: calls.record)
            rig.clock.run()
            return (rig.trace.count(of: .trackingPrompt), calls.values)
        }
        let year = SimulatedDevice.repromptInterval
        #expect(prompts(os: "27.2", region: .eu, after: year) == (2, [.denied, .authorized]))
        #expect(prompts(os: "27.2", region: .euFullPageSheet, after: year) == (2, [.denied, .authorized]))
        #expect(prompts(os: "27.2", region: .eu, after: year - .seconds(86_400)) == (1, [.denied, .denied]))
        #expect(prompts(os: "27.2", region: .outsideEU, after: year) == (1, [.denied, .denied]))
        #expect(prompts(os: "26.1", region: .eu, after: year) == (1, [.denied, .denied]))
        #expect(prompts(os: "27.2", region: .eu, after: year, switchOff: true) == (1, [.denied, .denied]))
    }

    @Test("a re-prompt the user leaves keeps the answer of a year ago: the completion reads it, nothing is stored")
    func repromptLeftKeepsTheAnswer() {
        let rig = Rig(os: OSSettings(osVersion: "27.2", trackingPromptRegion: .eu), answer: .allowed)
        rig.clock.advance(by: SimulatedDevice.repromptInterval)
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.leaveApp).requestTrackingAuthorization(completion: calls.record)
        rig.clock.run()
        #expect(rig.trace.events(named: .trackingPrompt).map { $0["reprompt"] } == ["true"])
        #expect(calls.values == [.authorized])
        #expect(rig.device.trackingStatus == .authorized)
        // Away from the app, the request is answered at once with the answer that stands, not notDetermined.
        rig.tracking(.allow).requestTrackingAuthorization(completion: calls.record)
        rig.clock.run()
        #expect(calls.values == [.authorized, .authorized])
        #expect(rig.trace.events(named: .trackingAnswer).last?[.trackingAnswerReason] == .noPrompt(.appNotActive))
    }

    @Test("a reinstall forgets the answer; a Settings change shows on the next read")
    func reinstallAndSettings() {
        let rig = Rig(answer: .denied)
        rig.device.change(.tracking(allowed: true))
        #expect(rig.device.trackingStatus == .authorized)
        rig.device.reinstallApp()
        #expect(rig.device.trackingStatus == .notDetermined)
        #expect(rig.device.change(.tracking(allowed: true)) != nil, "the toggle exists only once the app has asked")
    }

    @Test("no usage description: the real app crashes; reported, the completion never comes")
    func missingUsageDescription() {
        let rig = Rig(infoPlist: InfoPlist.standard.removing(InfoPlist.trackingUsageDescriptionKey))
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.allow).requestTrackingAuthorization(completion: calls.record)
        rig.clock.runUntilIdle()

        #expect(rig.process.crash == .trackingUsageDescriptionMissing)
        #expect(calls.values.isEmpty)
        #expect(rig.trace.count(of: .trackingPrompt) == 0)
    }

    @Test("OS 17.4 answers denied at once while the prompt is up; the status stays notDetermined until the user answers")
    func os174EarlyAnswer() {
        let rig = Rig(os: OSSettings(osVersion: "17.4"))
        let tracking = rig.tracking(.allow(after: .seconds(3)))
        let calls = Calls<TrackingAuthorizationStatus>()
        tracking.requestTrackingAuthorization(completion: calls.record)

        #expect(calls.values == [.denied])
        #expect(tracking.trackingAuthorizationStatus == .notDetermined)
        rig.clock.advance(by: .seconds(3))
        #expect(tracking.trackingAuthorizationStatus == .authorized)
        #expect(calls.values == [.denied], "the completion is not called a second time")
    }

    @Test("fixed in 17.5: the answer comes once the user answers")
    func os175() {
        let rig = Rig(os: OSSettings(osVersion: "17.5"))
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.allow(after: .seconds(3))).requestTrackingAuthorization(completion: calls.record)
        #expect(calls.values.isEmpty)
        rig.clock.advance(by: .seconds(3))
        #expect(calls.values == [.authorized])
    }

    @Test("before OS 14 there is no prompt: the status follows 'limit ad tracking'", arguments: [false, true])
    func beforeOS14(limitAdTracking: Bool) {
        let rig = Rig(os: OSSettings(osVersion: "13.7", limitAdTracking: limitAdTracking))
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking(.allow).requestTrackingAuthorization(completion: calls.record)

        #expect(calls.values == [limitAdTracking ? .denied : .authorized])
        #expect(rig.trace.count(of: .trackingPrompt) == 0)
    }

    @Test("a setting can move the no-prompt answer to another thread or the main queue", arguments: [CallbackFault.otherThread, .mainThread])
    func forcedThread(fault: CallbackFault) {
        let rig = Rig(os: OSSettings(trackingRestricted: true), faults: [Fault.trackingRequest(.callback(fault))])
        let onMain = Calls<Bool>()
        let calls = Calls<TrackingAuthorizationStatus>()
        rig.tracking().requestTrackingAuthorization { status in
            onMain.record(MainQueue.isCurrent)
            calls.record(status)
        }
        #expect(calls.values.isEmpty, "moved off the caller, so it comes later")
        rig.clock.run()

        #expect(calls.values == [.restricted])
        #expect(calls.onBackgroundThread == [fault == .otherThread])
        #expect(onMain.values == [fault == .mainThread])
    }
}
