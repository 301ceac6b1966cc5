import AdRequestKit
import StandInRuntime

/// The screen an app presents a consent form from: the view-controller argument of the consent
/// SDK's present calls (`UMPConsentForm.h`).
///
/// The header says a nil view controller makes the SDK use the top view controller of the app's
/// main window, so `none` presents as `window` does (the simulated app always has its main window);
/// its error code 9 is "form cannot be presented from the provided view controller", which is what
/// `notInWindow` gets (our reading: the header does not say when exactly the SDK detects it).
public enum FormPresenter: String, CaseIterable, Hashable, Sendable {
    /// A view controller in the app's window: the form shows.
    case window
    /// No view controller: the SDK uses the top view controller of the app's main window.
    case none
    /// A view controller that is not in a window: the form cannot be presented from it.
    case notInWindow
}

extension SimulatedConsentForms {
    /// Presents a loaded form from a screen: from one not in a window it fails `invalidViewController`
    /// on the next run loop and the form stays unused; a used form fails `alreadyUsed` first.
    package func present(_ form: any LoadedConsentForm, from presenter: FormPresenter, completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        let usable = (form as? SimulatedLoadedForm).map { !$0.isUsed } ?? true
        guard presenter == .notInWindow, usable else {
            form.present(completion: completion)
            return
        }
        failPresenter(.consent, completion)
    }

    /// Load-and-present from a screen: from one not in a window, a form that would show fails
    /// `invalidViewController`; where none would show it completes as without a screen.
    package func loadAndPresentIfRequired(from presenter: FormPresenter, completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        guard presenter == .notInWindow, info.consentStatus == .required else {
            loadAndPresentIfRequired(completion: completion)
            return
        }
        loadForm { [self] result in
            switch result {
            case .success: failPresenter(.consent, completion)
            case .failure(let error): completion(error)
            }
        }
    }

    /// The privacy-options form from a screen: from one not in a window, a form that would show
    /// fails `invalidViewController`; where none is required it fails as without a screen.
    package func presentPrivacyOptionsForm(from presenter: FormPresenter, completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        guard presenter == .notInWindow, info.privacyOptionsRequirement == .required else {
            presentPrivacyOptionsForm(completion: completion)
            return
        }
        failPresenter(.privacyOptions, completion)
    }

    /// A form that cannot be shown from the screen given: recorded, and an error on the next run loop.
    private func failPresenter(_ kind: ConsentFormKind, _ completion: @escaping @Sendable (ConsentFormError?) -> Void) {
        guard process.answersCalls else { return }
        process.trace.record(
            .consentFormPresentFailed,
            [
                EventField(.formKind, kind), EventField(.error, ConsentFormError.invalidViewController.description),
                EventField("presenter", FormPresenter.notInWindow.rawValue),
            ])
        process.delivery.deliver("consent.form.present completion", timing: .later(.zero)) { completion(.invalidViewController) }
    }
}
