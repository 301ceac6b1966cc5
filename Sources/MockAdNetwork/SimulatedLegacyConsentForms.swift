import AdRequestKit
import Foundation
import StandInRuntime

/// The legacy consent SDK's forms for one app process.
///
/// A form needs a valid privacy-policy URL. It loads once and presents once: presenting before the
/// load finished fails, and so does presenting again. The scripted user picks one of the offers;
/// picking something not offered is an error of the scenario. The form sets the status itself and
/// tells the app whether the user prefers the ad-free version.
package final class SimulatedLegacyConsentForms: LegacyConsentFormProvider, Sendable {
    private let info: SimulatedLegacyConsentInformation
    private let process: AppProcess
    private let user: ScriptedAnswer<LegacyFormAnswer>?

    /// Creates the forms of a process, answered by the scripted user.
    package init(info: SimulatedLegacyConsentInformation, process: AppProcess, user: ScriptedAnswer<LegacyFormAnswer>?) {
        self.info = info
        self.process = process
        self.user = user
    }

    /// A form, or `nil` when the address is not an absolute http(s) URL.
    package func makeForm(privacyPolicyURL: String, offers: LegacyFormOffers) -> (any LegacyConsentForm)? {
        guard let url = URL(string: privacyPolicyURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else { return nil }
        return Form(forms: self, offers: offers)
    }

    final class Form: LegacyConsentForm, Sendable {
        let forms: SimulatedLegacyConsentForms
        let offers: LegacyFormOffers
        private let state = Locked((loaded: false, presented: false))

        init(forms: SimulatedLegacyConsentForms, offers: LegacyFormOffers) {
            self.forms = forms
            self.offers = offers
        }

        func load(completion: @escaping @Sendable (LegacyConsentError?) -> Void) {
            let process = forms.process
            guard process.answersCalls else { return }
            process.trace.record(.legacyConsentFormLoad)
            let effects = process.faults.take(.formLoad)
            let state = state
            process.delivery.deliver("legacyConsent.form.load completion", timing: .later(.zero), effects: effects) {
                let error = effects.error.map { LegacyConsentError($0.legacyReason) }
                if error == nil { state.withLock { $0.loaded = true } }
                process.trace.record(
                    error == nil ? .legacyConsentFormLoaded : .legacyConsentFormLoadFailed,
                    error.map { [EventField(.error, $0.description)] } ?? [])
                completion(error)
            }
        }

        func present(dismissCompletion: @escaping @Sendable (LegacyConsentError?, Bool) -> Void) {
            let process = forms.process
            guard process.answersCalls else { return }
            let refusal: LegacyConsentError? = state.withLock { state in
                if !state.loaded { return LegacyConsentError(.notLoaded) }
                if state.presented { return LegacyConsentError(.alreadyUsed) }
                state.presented = true
                return nil
            }
            let effects = process.faults.take(.formPresent)
            if let error = refusal ?? effects.error.map({ LegacyConsentError($0.legacyReason) }) {
                process.trace.record(.legacyConsentFormPresentFailed, [EventField(.error, error.description)])
                process.delivery.deliver("legacyConsent.form.present completion", timing: .later(.zero), effects: effects) {
                    dismissCompletion(error, false)
                }
                return
            }
            process.trace.record(
                .legacyConsentFormPresent,
                [
                    EventField(
                        "offers",
                        [
                            offers.personalizedAds ? "personalized" : nil, offers.nonPersonalizedAds ? "nonPersonalized" : nil,
                            offers.adFree ? "adFree" : nil,
                        ].compactMap { $0 }.joined(separator: ","))
                ])
            forms.answer(offers: offers, effects: effects, dismissCompletion)
        }
    }

    /// Schedules the scripted user's choice; the form sets the status before it dismisses.
    private func answer(offers: LegacyFormOffers, effects: [FaultEffect], _ dismissCompletion: @escaping @Sendable (LegacyConsentError?, Bool) -> Void) {
        // Once the run is over, a form nobody answers is closed with no choice: the status stays as it is.
        let delivery = process.delivery
        let closed: @Sendable () -> Void = {
            delivery.deliver("legacyConsent.form.present completion", timing: .immediate, effects: effects) { dismissCompletion(nil, false) }
        }
        guard let user else {
            process.leaveUnanswered(
                "legacy consent form", scriptKey: .legacyConsentForm,
                because: "the legacy consent form is on screen but the user has no scripted answer (user.legacyConsentForm)", takeAway: closed
            )
            return
        }
        let offered =
            switch user.answer {
            case .personalized: offers.personalizedAds
            case .nonPersonalized: offers.nonPersonalizedAds
            case .adFree: offers.adFree
            }
        guard offered else {
            process.leaveUnanswered(
                "legacy consent form", because: "the user chooses \(user.answer.rawValue), which the legacy form does not offer", takeAway: closed)
            return
        }
        let info = info
        let trace = process.trace
        process.scheduleUserAnswer(after: user.after, label: "user answers the legacy consent form: \(user.answer.rawValue)") {
            switch user.answer {
            case .personalized: info.setConsentStatus(.personalized)
            case .nonPersonalized: info.setConsentStatus(.nonPersonalized)
            case .adFree: break
            }
            trace.record(
                .legacyConsentFormAnswer,
                [
                    EventField("answer", user.answer.rawValue), EventField("status", info.consentStatus.description),
                ])
            delivery.deliver("legacyConsent.form.present completion", timing: .immediate, effects: effects) {
                dismissCompletion(nil, user.answer == .adFree)
            }
        }
    }
}
