import AdHarness
import AdRequestKit
import MockAdNetwork
import StandInRuntime
import Testing

/// Calls into the consent SDK that overlap one still running (catalogue rows C9, F9).
@Suite("Overlapping consent SDK calls")
struct OverlappingCallTests {
    /// Which two calls overlap.
    enum Overlap: String, CaseIterable, CustomTestStringConvertible {
        /// A second update while the first (2 s) is in flight.
        case secondUpdate
        /// Load-and-present while the consent form it showed is still on screen.
        case loadAndPresentOverForm
        /// The privacy-options form while the consent form is on screen.
        case privacyOptionsOverForm
        /// The same loaded form presented again while it is on screen.
        case sameFormTwice

        var testDescription: String { rawValue }
    }

    /// Runs the two calls on an EEA device (updates take 2 s, the user answers each form after
    /// 5 s) and returns each completion as `first:nil` or `second:internal`, in the order they came.
    func completions(_ overlap: Overlap, policy: OverlappingCallPolicy) -> [String] {
        let rig = Rig()
        var settings = ConsentSDKSettings(updateLatency: .seconds(2))
        settings.overlappingCalls = policy
        // The privacy-options form needs its entry point required: a user who consented earlier.
        if overlap == .privacyOptionsOverForm { ConsentStorage(store: rig.store).status = .obtained }
        let info = rig.consentInfo(settings)
        let answer = ScriptedAnswer(ConsentFormAnswer.acceptAll, after: .seconds(5))
        let forms = SimulatedConsentForms(info: info, process: rig.process, user: ConsentUserScript(consentForm: answer, privacyOptionsForm: answer))
        let calls = Calls<String>()
        let report: @Sendable (String) -> @Sendable ((any Error)?) -> Void = { label in
            { error in calls.record("\(label):\(error.map { "\($0)" } ?? "nil")") }
        }
        if overlap == .secondUpdate {
            info.requestInfoUpdate(with: .init()) { report("first")($0) }
            info.requestInfoUpdate(with: .init()) { report("second")($0) }
            rig.clock.advance(by: .seconds(10))
            return calls.values
        }
        info.requestInfoUpdate(with: .init()) { _ in }
        rig.clock.advance(by: .seconds(2))
        switch overlap {
        case .loadAndPresentOverForm:
            forms.loadAndPresentIfRequired { report("first")($0) }
            rig.clock.run()
            forms.loadAndPresentIfRequired { report("second")($0) }
        case .privacyOptionsOverForm, .sameFormTwice:
            let loaded = Calls<any LoadedConsentForm>()
            forms.loadForm { if case .success(let form) = $0 { loaded.record(form) } }
            rig.clock.run()
            guard let form = loaded.values.first else { return ["load failed"] }
            form.present { report("first")($0) }
            rig.clock.run()
            if overlap == .sameFormTwice {
                form.present { report("second")($0) }
            } else {
                forms.presentPrivacyOptionsForm { report("second")($0) }
            }
        case .secondUpdate:
            break
        }
        rig.clock.advance(by: .seconds(10))
        return calls.values
    }

    @Test(
        "each overlap completes as the policy says",
        arguments: [
            (Overlap.secondUpdate, OverlappingCallPolicy.runBoth, ["first:nil", "second:nil"]),
            (.secondUpdate, .reject, ["second:internal", "first:nil"]),
            (.loadAndPresentOverForm, .runBoth, ["first:nil", "second:nil"]),
            (.loadAndPresentOverForm, .reject, ["second:internal", "first:nil"]),
            (.privacyOptionsOverForm, .runBoth, ["first:nil", "second:nil"]),
            (.privacyOptionsOverForm, .reject, ["second:internal", "first:nil"]),
            (.sameFormTwice, .runBoth, ["second:alreadyUsed", "first:nil"]),
            (.sameFormTwice, .reject, ["second:alreadyUsed", "first:nil"]),
        ])
    func overlap(_ overlap: Overlap, policy: OverlappingCallPolicy, expected: [String]) {
        #expect(completions(overlap, policy: policy) == expected)
    }

    /// The IDFA explainer's flow in a regulated US state (the OS prompt answered after 5 s), and the
    /// privacy-options form presented 1 s in: each completion, and whether the explainer's form was on screen then.
    func privacyOptionsOverExplainer(policy: OverlappingCallPolicy) -> [String] {
        let rig = Rig()
        var settings = ConsentSDKSettings(region: .regulatedUSState, messages: PublishedMessages(idfaExplainer: true))
        settings.overlappingCalls = policy
        let os = rig.tracking(ScriptedAnswer(.allow, after: .seconds(5)))
        let info = SimulatedConsentInformation(
            settings: settings, storage: ConsentStorage(store: rig.store), process: rig.process,
            tracking: ConsentSDKTracking(status: { rig.device.trackingStatus }, request: { os.requestTrackingAuthorization(by: .consentSDK, completion: $0) })
        )
        let forms = SimulatedConsentForms(info: info, process: rig.process, user: ConsentUserScript(privacyOptionsForm: .acceptAll(after: .seconds(1))))
        let calls = Calls<String>()
        info.requestInfoUpdate(with: .init()) { _ in }
        rig.clock.run()
        forms.loadAndPresentIfRequired { error in calls.record("explainer:\(error.map { "\($0)" } ?? "nil")") }
        rig.clock.advance(by: .seconds(1))
        calls.record("onScreen:\(forms.isFormOnScreen)")
        forms.presentPrivacyOptionsForm { error in calls.record("privacyOptions:\(error.map { "\($0)" } ?? "nil")") }
        rig.clock.advance(by: .seconds(10))
        return calls.values
    }

    @Test(
        "the IDFA explainer's form stays on screen under the OS prompt it brings up: an overlapping form follows the policy",
        arguments: [
            (OverlappingCallPolicy.runBoth, ["onScreen:true", "privacyOptions:nil", "explainer:nil"]),
            (.reject, ["onScreen:true", "privacyOptions:internal", "explainer:nil"]),
        ])
    func explainerOverlap(policy: OverlappingCallPolicy, expected: [String]) {
        #expect(privacyOptionsOverExplainer(policy: policy) == expected)
    }

    @Test("the user cannot open the privacy options while the consent form covers the app: a scenario issue, not a call")
    func privacyOptionsBehindConsentForm() throws {
        let app = try SimulatedApp(user: User(trackingPrompt: .allow, consentForm: .acceptAll(after: .seconds(5))))
        try app.launch()
        try app.onboarding()
        #expect {
            try app.openPrivacyOptions()
        } throws: { error in
            guard case .scenarioIssue(let message, _) = error as? HarnessFailure else { return false }
            return message.hasPrefix("openPrivacyOptions: expected the app on screen, found a consent form")
        }
    }
}
