import AdRequestKit
import StandInRuntime

extension SimulatedConsentForms {
    /// Presents a loaded consent form: with the IDFA explainer published, the consent SDK's flow.
    ///
    /// The GDPR message where it applies; then, while the OS has not asked for tracking, the OS
    /// prompt, which the SDK requests itself: right after an answered GDPR message, or after the
    /// explainer page otherwise (Google's table of which message comes before the OS prompt). The
    /// explainer's only button continues, so it needs no scripted answer. When nothing applies any
    /// more (the OS asked since the update), nothing shows and the completion has no error.
    func presentConsentFlow(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        if info.needsPersonalizationControls && !(info.settings.messages.idfaExplainer && info.trackingUndecided) {
            show(.personalizationControls, completion: completion)
            return
        }
        guard info.settings.messages.idfaExplainer, info.tracking != nil else {
            show(.consent, completion: completion)
            return
        }
        if info.needsGDPRMessage {
            let info = info
            let delivery = process.delivery
            // The message is a step of the SDK's flow: the OS prompt follows its answer at once, and a
            // fault on the completion (a delay, a duplicate, a withheld call) hits the one the app
            // receives when the flow ends.
            show(.consent, holdingEffects: true) { [self] error, effects in
                guard error == nil, info.consentStatus == .obtained else {
                    return delivery.deliver("consent.form.present completion", timing: .immediate, effects: effects) { completion(error) }
                }
                askTracking(effects: effects, completion)
            }
        } else if info.trackingUndecided {
            showExplainer(completion)
        } else {
            info.reapplyAfterExplainer()
            process.delivery.deliver("consent.form.present completion", timing: .later(.zero)) { completion(nil) }
        }
    }

    /// Shows the explainer page; its Continue button brings up the OS prompt.
    private func showExplainer(_ completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        guard process.answersCalls else { return }
        let effects = process.faults.take(.formPresent)
        if let fault = effects.error {
            let error = fault.consentFormError
            process.trace.record(.consentFormPresentFailed, [EventField(.formKind, ConsentFormKind.idfaExplainer), EventField(.error, error.description)])
            process.delivery.deliver("consent.form.present completion", timing: .later(.zero), effects: effects) { completion(error) }
            return
        }
        if info.settings.overlappingCalls == .reject && info.inFlight.formOnScreen {
            process.trace.record(
                .consentFormPresentFailed,
                [
                    EventField(.formKind, ConsentFormKind.idfaExplainer), EventField(.error, ConsentFormError.internal.description),
                    EventField("reason", "operationInProgress"),
                ])
            process.delivery.deliver("consent.form.present completion", timing: .later(.zero), effects: effects) { completion(.internal) }
            return
        }
        process.trace.record(.consentFormPresent, [EventField(.formKind, ConsentFormKind.idfaExplainer)])
        askTracking(effects: effects, completion)
    }

    /// The consent SDK asks the OS for tracking, then applies its rules again and completes the form.
    /// Its form stays on screen, under the OS prompt, until the answer: an overlapping call sees it there.
    /// `effects` are the faults taken for the explainer page or the GDPR message before it, applied to
    /// the completion the app receives.
    private func askTracking(effects: [FaultEffect] = [], _ completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        let info = info
        let delivery = process.delivery
        guard let tracking = info.tracking, info.trackingUndecided else {
            info.reapplyAfterExplainer()
            delivery.deliver("consent.form.present completion", timing: .immediate, effects: effects) { completion(nil) }
            return
        }
        info.inFlight.formShown()
        tracking.request { _ in
            info.inFlight.formGone()
            info.reapplyAfterExplainer()
            delivery.deliver("consent.form.present completion", timing: .immediate, effects: effects) { completion(nil) }
        }
    }
}
