import AdRequestKit
import StandInRuntime

/// The consent SDK's forms for one app process.
///
/// Loading fails with `unavailable` before a successful update in the session or when no form is
/// configured or needed. A loaded form presents once (`alreadyUsed` after). Load-and-present does
/// nothing, and completes without error, unless consent is `required`. The privacy-options form shows
/// only when the entry point is required, else completes with an error. The scripted user answers
/// each form after its delay; an answer due while the user is away from the app (the app in the
/// background) waits until the app is active again, as the form stays on the app's screen. A form
/// presented while another is on screen follows `ConsentSDKSettings.overlappingCalls`.
package final class SimulatedConsentForms: ConsentFormProvider, Sendable {
    let info: SimulatedConsentInformation
    let process: AppProcess
    private let user: ConsentUserScript
    /// Whether the user is in the app; without it the user never leaves.
    private let presence: UserPresence?
    /// Set while the harness probes the app's privacy-options entry point (``probing(_:)``).
    private let probing = Locked(false)

    /// Creates the forms of a process, answered by the scripted user; `presence`, if given, says
    /// when the user is away from the app, so that an answer due meanwhile waits for the user's return.
    package init(info: SimulatedConsentInformation, process: AppProcess, user: ConsentUserScript, presence: UserPresence? = nil) {
        self.info = info
        self.process = process
        self.user = user
        self.presence = presence
    }

    /// Loads the consent form.
    package func loadForm(completion: @escaping @Sendable (Result<any LoadedConsentForm, ConsentFormError>) -> Void) {
        guard process.answersCalls else { return }
        let trace = process.trace
        trace.record(.consentFormLoad)
        let effects = process.faults.take(.formLoad)
        let failure: ConsentFormError? =
            effects.error?.consentFormError
            ?? (info.hasCompletedUpdate && info.formStatus == .available ? nil : .unavailable)
        let form = SimulatedLoadedForm(forms: self)
        process.delivery.deliver("consent.form.load completion", timing: .later(info.settings.formLoadLatency), effects: effects) {
            if let failure {
                trace.record(.consentFormLoadFailed, [EventField(.error, failure.description)])
                completion(.failure(failure))
            } else {
                trace.record(.consentFormLoaded)
                completion(.success(form))
            }
        }
    }

    /// Loads and presents the consent form if consent is required; otherwise completes on the next run loop.
    package func loadAndPresentIfRequired(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        guard info.consentStatus == .required else {
            process.delivery.deliver("consent.form.loadAndPresentIfRequired completion", timing: .later(.zero)) { completion(nil) }
            return
        }
        loadForm { result in
            switch result {
            case .success(let form): form.present(completion: completion)
            case .failure(let error): completion(error)
            }
        }
    }

    /// Whether one of the SDK's forms is on screen, covering the app.
    package var isFormOnScreen: Bool { info.inFlight.formOnScreen }

    /// Runs `body`, and all it sets off, as the harness's own probe of the app's privacy-options
    /// entry point: any form shown meanwhile is dismissed at once, whatever the user script says, so
    /// the probe changes nothing.
    package func probing<Result>(_ body: () -> Result) -> Result {
        probing.withLock { $0 = true }
        defer { probing.withLock { $0 = false } }
        return body()
    }

    /// Presents the privacy-options form if its entry point is required; otherwise fails on the next run loop.
    package func presentPrivacyOptionsForm(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        guard process.answersCalls else { return }
        guard info.privacyOptionsRequirement == .required else {
            process.trace.record(
                .consentFormPresentFailed,
                [
                    EventField(.formKind, ConsentFormKind.privacyOptions), EventField(.error, "unavailable"),
                ])
            process.delivery.deliver("privacy options completion", timing: .later(.zero)) { completion(.unavailable) }
            return
        }
        if info.takePrivacyOptionsPreloadFailure() {
            process.trace.record(
                .consentFormPresentFailed,
                [
                    EventField(.formKind, ConsentFormKind.privacyOptions), EventField(.error, ConsentFormError.unavailable.description),
                    EventField("reason", "notPreloaded"),
                ])
            process.delivery.deliver("privacy options completion", timing: .later(.zero)) { completion(.unavailable) }
            return
        }
        show(.privacyOptions, completion: completion)
    }

    /// Shows a form and delivers the user's answer.
    func show(_ kind: ConsentFormKind, completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        show(kind, holdingEffects: false) { error, _ in completion(error) }
    }

    /// Shows a form and delivers the user's answer, with the faults taken for the completion.
    ///
    /// `holdingEffects`: the form is one step of the SDK's own flow (the GDPR message before the
    /// explainer's OS prompt), so the answer goes on at once and the faults on the completion (a
    /// delay, a duplicate, a withheld call) are handed over for the completion the app receives at
    /// the flow's end. Otherwise they apply to this delivery, and `completion` gets none.
    func show(
        _ kind: ConsentFormKind, holdingEffects: Bool,
        completion: @escaping @Sendable (ConsentFormError?, [FaultEffect]) -> Void
    ) {
        guard process.answersCalls else { return }
        let trace = process.trace
        let taken = process.faults.take(.formPresent)
        let completion: @Sendable (ConsentFormError?) -> Void = { error in completion(error, holdingEffects ? taken : []) }
        let effects = holdingEffects ? [] : taken
        if let fault = taken.error {
            let error = fault.consentFormError
            trace.record(.consentFormPresentFailed, [EventField(.formKind, kind), EventField(.error, error.description)])
            process.delivery.deliver("consent.form.present completion", timing: .later(.zero), effects: effects) { completion(error) }
            return
        }
        if info.settings.overlappingCalls == .reject && info.inFlight.formOnScreen {
            trace.record(
                .consentFormPresentFailed,
                [
                    EventField(.formKind, kind), EventField(.error, ConsentFormError.internal.description), EventField("reason", "operationInProgress"),
                ])
            process.delivery.deliver("consent.form.present completion", timing: .later(.zero), effects: effects) { completion(.internal) }
            return
        }
        trace.record(.consentFormPresent, [EventField(.formKind, kind)])
        info.inFlight.formShown()
        let info = info
        let user = user
        let delivery = process.delivery
        let answer: @Sendable (ConsentFormAnswer) -> Void = { answer in
            info.inFlight.formGone()
            let status = info.record(answer, choices: user.choices(for: answer), on: kind)
            trace.record(
                .consentFormAnswer,
                [
                    EventField(.formKind, kind), EventField("answer", answer.rawValue), EventField(.consentStatus, status),
                ])
            delivery.deliver("consent.form.present completion", timing: .immediate, effects: effects) { completion(nil) }
        }
        let firstRun = kind == .consent || kind == .personalizationControls
        // The harness's own tap on the entry point closes whatever it brings up, changing nothing.
        let probeAnswer = probing.withLock { $0 } ? ScriptedAnswer(ConsentFormAnswer.dismiss) : nil
        guard let script = probeAnswer ?? (firstRun ? user.consentForm : user.privacyOptionsForm) else {
            let key: UserScriptKey = firstRun ? .consentForm : .privacyOptionsForm
            // Once the run is over, the form is dismissed: its completion comes, and nothing changes.
            process.leaveUnanswered(
                "\(kind.rawValue) form", scriptKey: key, because: "the \(kind.rawValue) form is on screen but the user has no scripted answer (user.\(key))"
            ) { answer(.dismiss) }
            return
        }
        let label = "user answers the \(kind.rawValue) form: \(script.answer.rawValue)"
        let process = process
        let presence = presence
        process.scheduleUserAnswer(after: script.after, label: label) {
            guard let presence, presence.isAway() else { return answer(script.answer) }
            // The user left the app with the form up: it stays on the app's screen, and the user
            // answers it once back in the app (or, if the run ends first, as the app lives on).
            // Only the clock holds the answer while it waits: the device's observer holds it weakly,
            // so a run that ends with the user away lets its world go.
            let held = HeldAnswer { process.scheduleUserAnswer(after: .zero, label: label) { answer(script.answer) } }
            let waiting = process.clock.scheduleNever(label: "\(label), once back in the app", kind: .userAnswer) { [held] in
                if held.take() != nil { answer(script.answer) }
            }
            presence.onReturn { [weak held] in
                guard let action = held?.take() else { return }
                waiting.cancel()
                action()
            }
        }
    }
}

/// A loaded consent form: it presents once.
final class SimulatedLoadedForm: LoadedConsentForm, Sendable {
    private let forms: SimulatedConsentForms
    var process: AppProcess { forms.process }
    private let used = Locked(false)

    init(forms: SimulatedConsentForms) { self.forms = forms }

    /// Whether the form was presented already (a present from a screen that cannot show it does not count).
    var isUsed: Bool { used.snapshot }

    func present(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        let alreadyUsed = used.withLock { used in
            defer { used = true }
            return used
        }
        guard !alreadyUsed else {
            forms.failUsedForm(completion)
            return
        }
        forms.presentConsentFlow(completion: completion)
    }
}

extension SimulatedConsentForms {
    /// A second present of the same form.
    fileprivate func failUsedForm(_ completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        process.trace.record(
            .consentFormPresentFailed,
            [
                EventField(.formKind, ConsentFormKind.consent), EventField(.error, ConsentFormError.alreadyUsed.description),
            ])
        process.delivery.deliver("consent.form.present completion", timing: .later(.zero)) { completion(.alreadyUsed) }
    }
}

/// A form's answer held while the user is away from the app: it runs once, when the user comes back
/// or as the app lives on after the run.
private final class HeldAnswer: Sendable {
    private let action: Locked<(@Sendable () -> Void)?>

    /// Holds `action` until it is taken.
    init(_ action: @escaping @Sendable () -> Void) { self.action = Locked(action) }

    /// The action, the first time only.
    func take() -> (@Sendable () -> Void)? {
        action.withLock { action in
            defer { action = nil }
            return action
        }
    }
}
