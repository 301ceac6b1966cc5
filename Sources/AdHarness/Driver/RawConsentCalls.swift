import AdRequestKit
import MockAdNetwork
import StandInRuntime

extension HostedProcess {
    /// Makes a raw call on this process's consent SDK stand-ins, never through the glue, and records
    /// it: `sdk.call` with the statuses before, then `sdk.result` with the outcome and the statuses
    /// after, when its completion comes (never, if the process ends first).
    ///
    /// A loaded form is kept for a later `presentForm`; a new load drops the old one at once, as the
    /// peer's C++ wrapper does. `presentForm` with none kept never reaches the SDK: on iOS the call
    /// needs the form object, and the wrapper refuses it; the result is `error code=noLoadedForm`.
    func call(_ call: ConsentSDKCall, trace: Trace) {
        let information = standIns.consentInformation
        let forms = standIns.consentForms
        let name = call.name.rawValue
        trace.record(.sdkCall, [EventField("name", name)] + call.argumentFields + Self.statuses(information))
        let done: @Sendable (String?) -> Void = { error in
            let outcome = error.map { [EventField("result", "error"), EventField("code", $0)] } ?? [EventField("result", "ok")]
            trace.record(.sdkResult, [EventField("name", name)] + outcome + Self.statuses(information))
        }
        switch call.name {
        case .update:
            let parameters = ConsentRequestParameters(
                isTaggedForUnderAgeOfConsent: call.underAgeOfConsent, debugGeography: call.debugGeography ?? .disabled,
                testDeviceIdentifiers: call.debugGeography == nil ? [] : [information.settings.testDeviceIdentifier]
            )
            (information as any ConsentInfoProvider).requestInfoUpdate(with: parameters) { done($0?.description) }
        case .loadForm:
            keptForm.withLock { $0 = nil }
            forms.loadForm { [keptForm] result in
                switch result {
                case .success(let form):
                    keptForm.withLock { $0 = form }
                    done(nil)
                case .failure(let error):
                    done(error.description)
                }
            }
        case .presentForm:
            guard let form = keptForm.withLock({ $0 }) else { return done("noLoadedForm") }
            forms.present(form, from: call.presenter) { done($0?.description) }
        case .loadAndPresentIfRequired:
            forms.loadAndPresentIfRequired(from: call.presenter) { done($0?.description) }
        case .presentPrivacyOptions:
            forms.presentPrivacyOptionsForm(from: call.presenter) { done($0?.description) }
        case .reset:
            (information as any ConsentInfoProvider).reset()
            done(nil)
        }
    }

    /// What the consent information reads now, as trace fields.
    private static func statuses(_ information: SimulatedConsentInformation) -> [EventField] {
        [
            EventField(.consentStatus, information.consentStatus), EventField(.canRequestAds, information.canRequestAds),
            EventField(.formStatus, information.formStatus),
            EventField(.privacyOptions, information.privacyOptionsRequirement),
        ]
    }
}
