/// The consent SDK's forms: the consent form and the privacy-options form.
///
/// The real SDK presents over the app's top screen; the ports leave the screen out.
///
/// Contract: the clauses of `ConsentFormContract` in the AdHarnessContracts product, which every
/// implementation must pass (world-control clauses need the situation arranged):
/// - `form.load-before-update-unavailable` (world-control): loading a form before any update in the process fails with unavailable.
/// - `form.present-answers-then-completes` (world-control): a presented form completes once the user answered, with the status already obtained.
/// - `form.second-present-already-used` (world-control): a loaded form presents once; presenting it again fails with alreadyUsed.
/// - `form.load-and-present-nothing-when-not-required` (world-control): load-and-present-if-required shows nothing where consent is not required and completes with no error, after the call.
/// - `form.privacy-options-error-where-not-required` (world-control): the privacy-options form where it is not required completes with an error and shows nothing.
public protocol ConsentFormProvider: Sendable {
    /// Loads a consent form; fails with `unavailable` when none is configured or needed.
    func loadForm(completion: @escaping @Sendable (Result<any LoadedConsentForm, ConsentFormError>) -> Void)

    /// Loads and presents the consent form if consent is required; otherwise completes with no error.
    func loadAndPresentIfRequired(completion: @escaping @Sendable (ConsentFormError?) -> Void)

    /// Presents the privacy-options form if it is required; otherwise completes with an error.
    func presentPrivacyOptionsForm(completion: @escaping @Sendable (ConsentFormError?) -> Void)

    /// Loads a consent form and waits for it: the SDK's async form of the load.
    func loadForm() async throws(ConsentFormError) -> any LoadedConsentForm

    /// Loads and presents the form if consent is required, and waits until it is done.
    func loadAndPresentIfRequired() async throws(ConsentFormError)

    /// Presents the privacy-options form if it is required, and waits until the user closed it.
    func presentPrivacyOptionsForm() async throws(ConsentFormError)
}

/// A loaded consent form. It can be presented once.
public protocol LoadedConsentForm: Sendable {
    /// Presents the form; completes once the user answered and the consent status is updated.
    func present(completion: @escaping @Sendable (ConsentFormError?) -> Void)

    /// Presents the form and waits until the user answered: the SDK's async form of the present.
    func present() async throws(ConsentFormError)
}

extension ConsentFormProvider {
    /// Waits for the completion form's result; resuming twice traps, as the SDK's async form does.
    public func loadForm() async throws(ConsentFormError) -> any LoadedConsentForm {
        let result: Result<any LoadedConsentForm, ConsentFormError> = await withCheckedContinuation { continuation in
            loadForm { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Waits for the completion form's result; resuming twice traps, as the SDK's async form does.
    public func loadAndPresentIfRequired() async throws(ConsentFormError) {
        let error: ConsentFormError? = await withCheckedContinuation { continuation in
            loadAndPresentIfRequired { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    /// Waits for the completion form's result; resuming twice traps, as the SDK's async form does.
    public func presentPrivacyOptionsForm() async throws(ConsentFormError) {
        let error: ConsentFormError? = await withCheckedContinuation { continuation in
            presentPrivacyOptionsForm { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }
}

extension LoadedConsentForm {
    /// Waits for the completion form's result; resuming twice traps, as the SDK's async form does.
    public func present() async throws(ConsentFormError) {
        let error: ConsentFormError? = await withCheckedContinuation { continuation in
            present { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }
}
