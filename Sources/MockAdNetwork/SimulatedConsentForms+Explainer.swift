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
            // A duplicated completion (a fault) reaches the app again; the flow after the message runs once.
            let continued = Locked(false)
            show(.consent) { [self] error in
                let isFirst = continued.withLock { done in
                    defer { done = true }
                    return !done
                }
                guard isFirst, error == nil, info.consentStatus == .obtained else { return completion(error) }
                askTracking(completion)
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
    /// `effects` are the faults taken for the explainer page, applied to the form's completion.
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
