import AdRequestKit
import AppInfoPlist
import HarnessSupport
import MockTrackingManager
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

    @Test("no prompt, answered synchronously on the caller", arguments: [
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

    @Test("14.4 to 14.5.0 store the denial of a request made with the switch off; it stays once the switch is on (fixed in 14.5.1)", arguments: [
        (OSVersion("14.3"), TrackingAuthorizationStatus.notDetermined), ("14.4", .denied), ("14.5", .denied), ("14.5.1", .notDetermined), ("18.0", .notDetermined),
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

    @Test("a dismissed prompt leaves notDetermined, and the app may prompt again")
    func dismissed() {
        let rig = Rig()
        let tracking = rig.tracking(.dismiss)
        let calls = Calls<TrackingAuthorizationStatus>()
        tracking.requestTrackingAuthorization(completion: calls.record)
        rig.clock.run()
        tracking.requestTrackingAuthorization(completion: calls.record)
        rig.clock.run()

        #expect(calls.values == [.notDetermined, .notDetermined])
        #expect(rig.trace.count(of: .trackingPrompt) == 2)
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
        let rig = Rig(os: OSSettings(trackingRestricted: true), faults: [Fault(.trackingRequest, .callback(fault))])
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
