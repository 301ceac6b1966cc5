import AdRequestKit
import MockAdNetwork
import StandInRuntime
import Testing

/// The consent SDK's forms (catalogue section "Consent forms").
@Suite("Consent form stand-in")
struct ConsentFormTests {
    /// Consent information after an update in a region, and its forms answered by `user`.
    func setUp(_ rig: Rig, region: ConsentRegion = .eea, user: ConsentUserScript = ConsentUserScript(consentForm: .acceptAll), update: Bool = true) -> (
        SimulatedConsentInformation, SimulatedConsentForms
    ) {
        let info = rig.consentInfo(ConsentSDKSettings(region: region))
        if update {
            info.requestInfoUpdate(with: .init()) { _ in }
            rig.clock.run()
        }
        return (info, SimulatedConsentForms(info: info, process: rig.process, user: user))
    }

    func load(_ forms: SimulatedConsentForms, _ rig: Rig) -> Result<any LoadedConsentForm, ConsentFormError>? {
        let calls = Calls<Result<any LoadedConsentForm, ConsentFormError>>()
        forms.loadForm(completion: calls.record)
        rig.clock.run()
        return calls.values.first
    }

    @Test("loading before an update in the session fails with unavailable")
    func loadBeforeUpdate() throws {
        let rig = Rig()
        let (_, forms) = setUp(rig, update: false)
        #expect(throws: ConsentFormError.unavailable) { try load(forms, rig)?.get() }
    }

    @Test(
        "load errors can be injected", arguments: [(FormLoadFailure.internal, ConsentFormError.internal), (.timeout, .timeout), (.unavailable, .unavailable)])
    func loadErrors(fault: FormLoadFailure, error: ConsentFormError) {
        let rig = Rig(faults: [Fault.formLoad(.error(fault))])
        let (_, forms) = setUp(rig)
        #expect(throws: error) { try load(forms, rig)?.get() }
    }

    @Test("a loaded form presents once; alreadyUsed after")
    func singleUse() throws {
        let rig = Rig()
        let (info, forms) = setUp(rig)
        let form = try #require(try load(forms, rig)?.get())
        let calls = Calls<ConsentFormError?>()
        form.present(completion: calls.record)
        rig.clock.run()
        form.present(completion: calls.record)
        rig.clock.run()

        #expect(calls.values == [nil, .alreadyUsed])
        #expect(info.consentStatus == .obtained)
        #expect(rig.trace.count(of: .consentFormPresent) == 1)
    }

    @Test("load-and-present-if-required does nothing unless consent is required", arguments: [ConsentRegion.other, .regulatedUSState])
    func loadAndPresentNoOp(region: ConsentRegion) {
        let rig = Rig()
        let (_, forms) = setUp(rig, region: region)
        let calls = Calls<ConsentFormError?>()
        forms.loadAndPresentIfRequired(completion: calls.record)
        #expect(calls.values.isEmpty, "it completes on the next run loop, not during the call")
        rig.clock.run()
        #expect(calls.values == [nil])
        #expect(rig.trace.count(of: .consentFormPresent) == 0)
    }

    @Test("load-and-present-if-required does nothing once consent is obtained")
    func loadAndPresentAfterObtained() {
        let rig = Rig()
        let (_, forms) = setUp(rig)
        forms.loadAndPresentIfRequired { _ in }
        rig.clock.run()
        forms.loadAndPresentIfRequired { _ in }
        rig.clock.run()
        #expect(rig.trace.count(of: .consentFormPresent) == 1)
    }

    @Test("rejecting everything still reads obtained, as the real SDK reports it")
    func rejectIsObtained() {
        let rig = Rig()
        let (info, forms) = setUp(rig, user: ConsentUserScript(consentForm: .rejectAll))
        forms.loadAndPresentIfRequired { _ in }
        rig.clock.run()
        #expect(info.consentStatus == .obtained)
        #expect(info.storage.purposesConsented == false)
    }

    @Test(
        "the privacy-options form shows only where it is required",
        arguments: [
            (ConsentRegion.other, false), (.regulatedUSState, true),
        ])
    func privacyOptions(region: ConsentRegion, shown: Bool) {
        let rig = Rig()
        let (info, forms) = setUp(rig, region: region, user: ConsentUserScript(privacyOptionsForm: .rejectAll))
        let calls = Calls<ConsentFormError?>()
        forms.presentPrivacyOptionsForm(completion: calls.record)
        rig.clock.run()

        #expect(calls.values == [shown ? nil : .unavailable])
        #expect(rig.trace.count(of: .consentFormPresent) == (shown ? 1 : 0))
        #expect(info.storage.usOptOut == shown, "in a regulated US state, rejecting records the opt-out")
    }

    @Test("a form shown with no scripted answer is a scenario issue left pending, not a hang")
    func unscripted() {
        let rig = Rig()
        let (_, forms) = setUp(rig, user: ConsentUserScript())
        forms.loadAndPresentIfRequired { _ in }
        rig.clock.runUntilIdle()
        #expect(rig.trace.count(of: .harnessIssue) == 1)
        #expect(rig.clock.pendingWork.contains { $0.due == nil })
    }
}
