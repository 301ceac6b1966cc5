import AdHarness
import AdHarnessContracts

/// Consent forms that rewrite what the stand-in's forms report.
struct MisreportingConsentForms: ConsentFormProvider {
    let base: any ConsentFormProvider
    var loadError: @Sendable (ConsentFormError) -> ConsentFormError = { $0 }
    var presentError: @Sendable (ConsentFormError?) -> ConsentFormError? = { $0 }
    var completesPresentAtOnce = false
    var completesLoadAndPresentAtOnce = false
    var privacyOptionsError: @Sendable (ConsentFormError?) -> ConsentFormError? = { $0 }

    func loadForm(completion: @escaping @Sendable (Result<any LoadedConsentForm, ConsentFormError>) -> Void) {
        base.loadForm { [self] result in
            completion(result.map { MisreportingForm(base: $0, forms: self) as any LoadedConsentForm }.mapError(loadError))
        }
    }

    func loadAndPresentIfRequired(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        if completesLoadAndPresentAtOnce {
            completion(nil)
            base.loadAndPresentIfRequired { _ in }
        } else {
            base.loadAndPresentIfRequired(completion: completion)
        }
    }

    func presentPrivacyOptionsForm(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        base.presentPrivacyOptionsForm { [privacyOptionsError] in completion(privacyOptionsError($0)) }
    }
}

/// A loaded form of ``MisreportingConsentForms``.
struct MisreportingForm: LoadedConsentForm {
    let base: any LoadedConsentForm
    let forms: MisreportingConsentForms

    func present(completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        if forms.completesPresentAtOnce {
            completion(nil)
            base.present { _ in }
        } else {
            base.present { [forms] in completion(forms.presentError($0)) }
        }
    }
}

struct BrokenConsentFormSubject: ConsentFormSubject {
    let base = StandInContractSubjects.consentForm()
    let broken: @Sendable (any ConsentFormProvider) -> MisreportingConsentForms

    func arrange(_ situation: ConsentSituation) async throws -> ConsentPorts? {
        try await base.arrange(situation).map { ConsentPorts(information: $0.information, forms: broken($0.forms), formsShown: $0.formsShown) }
    }

    func settle() async { await base.settle() }
}

enum BrokenConsentForms {
    static func broken(_ id: String, _ flaw: String, _ make: @escaping @Sendable (any ConsentFormProvider) -> MisreportingConsentForms) -> BrokenImplementation
    {
        BrokenImplementation(id, flaw, checks: ConsentFormContract.checks) { BrokenConsentFormSubject(broken: make) }
    }

    static let all = [
        broken("form.load-before-update-unavailable", "reports every load error as internal") {
            MisreportingConsentForms(base: $0, loadError: { _ in .internal })
        },
        broken("form.present-answers-then-completes", "completes the presentation before the user answered") {
            MisreportingConsentForms(base: $0, completesPresentAtOnce: true)
        },
        broken("form.second-present-already-used", "swallows present errors") {
            MisreportingConsentForms(base: $0, presentError: { _ in nil })
        },
        broken("form.load-and-present-nothing-when-not-required", "completes load-and-present during the call") {
            MisreportingConsentForms(base: $0, completesLoadAndPresentAtOnce: true)
        },
        broken("form.privacy-options-error-where-not-required", "swallows the privacy-options error") {
            MisreportingConsentForms(base: $0, privacyOptionsError: { _ in nil })
        },
    ]
}
