import AdHarness
import AdRequestKit
import StandInRuntime
import Testing

/// Callbacks late, twice, never, or on another thread: the app copes (catalogue section "Callbacks").
@Suite("Callback faults and the app's timeouts")
struct CallbackFaultTests {
    @Test("a consent update that never calls back: the app times out and stays conservative")
    func updateNeverCallsBack() throws {
        let app = try SimulatedApp(
            previousSession: PreviousSession(tracking: .authorized),
            faults: [Fault.consentInfoUpdate(.callback(.never))],
            configuration: AdsConfiguration(timeouts: CallbackTimeouts(consentInfoUpdate: .seconds(10)))
        )
        try app.launch()
        try app.advance(by: .milliseconds(9_999))
        #expect(app.referenceGlue?.errors.isEmpty == true)
        try app.advance(by: .milliseconds(1))
        try app.requestAd()

        #expect((app.referenceGlue?.errors ?? []).map(\.description) == ["consentInfoUpdate.noResponse"])
        #expect(app.consentState?.shouldUseNPA == true)
        #expect(app.adRequests.isEmpty)
        #expect(app.pendingWork.map(\.label) == ["consent.update completion (withheld by a fault)"])
    }

    @Test("a form load that never calls back times out as formLoad.noResponse")
    func formLoadNeverCallsBack() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .deny), faults: [Fault.formLoad(.callback(.never))])
        try app.launch()
        try app.onboarding()
        try app.runUntilIdle()
        #expect((app.referenceGlue?.errors ?? []).map(\.description) == ["formLoad.noResponse"])
        #expect(app.trace.contains(inOrder: [.callbackWithheld, .appTimeout, .appError, .decision]))
    }

    @Test("a late answer after the timeout is ignored, and recorded as ignored")
    func lateAfterTimeout() throws {
        let app = try SimulatedApp(
            previousSession: PreviousSession(tracking: .denied, consent: .obtained),
            faults: [Fault.adLoad(.delay(.seconds(45)))]
        )
        try app.launch()
        try app.requestAd()
        try app.advance(by: .seconds(30))
        #expect(app.adResults == [.failure(.loadFailed(AdsFlowError(stage: .adLoad, cause: .noResponse)))])
        try app.advance(by: .seconds(15))
        #expect(app.adResults.count == 1)
        #expect(app.trace.events(named: .callbackIgnored).map { $0["stage"] } == ["adLoad"])
    }

    @Test("a callback delivered twice reaches the app once", arguments: [FaultTarget.consentInfoUpdate, .formLoad, .formPresent, .adLoad, .trackingRequest])
    func twice(target: FaultTarget) throws {
        let app = try SimulatedApp(
            user: User(trackingPrompt: .allow, consentForm: .acceptAll),
            faults: [Fault(unchecked: target, .callback(.twice))]
        )
        try app.launch()
        try app.onboarding()
        try app.requestAd()

        #expect(app.trace.count(of: .callbackDuplicate) == 1)
        #expect(app.trace.count(of: .callbackIgnored) == 1)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        #expect(app.consentFormsShown == 1)
    }

    @Test("callbacks on another thread or the main queue give the same outcome", arguments: [CallbackFault.otherThread, .mainThread])
    func threads(fault: CallbackFault) throws {
        let targets: [FaultTarget] = [.trackingRequest, .consentInfoUpdate, .formLoad, .formPresent, .adStart, .adLoad]
        let app = try SimulatedApp(
            user: User(trackingPrompt: .allow, consentForm: .acceptAll),
            faults: targets.map { Fault(unchecked: $0, .callback(fault)) }
        )
        try app.launch()
        try app.onboarding()
        try app.requestAd()
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
        #expect(app.adResults.count == 1)
    }

    @Test("a tracking callback that never comes: the stored answer is read once the app is active")
    func trackingNeverCallsBack() throws {
        let app = try SimulatedApp(
            previousSession: PreviousSession(consent: .obtained),
            user: User(trackingPrompt: .allow(after: .seconds(2))),
            faults: [Fault.trackingRequest(.callback(.never))]
        )
        try app.launch()
        try app.requestTracking()
        try app.advance(by: .seconds(2))
        try app.requestAd()
        #expect(app.consentState?.tracking == .authorized)
        #expect(app.adRequests.map(\.isNonPersonalized) == [false])
    }
}
