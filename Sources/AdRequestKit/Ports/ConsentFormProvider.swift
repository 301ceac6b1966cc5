/// The consent SDK's forms: the consent form and the privacy-options form.
///
/// The real SDK presents over the app's top screen; the ports leave the screen out.
public protocol ConsentFormProvider: Sendable {
    /// Loads a consent form; fails with `unavailable` when none is configured or needed.
    func loadForm(completion: @escaping @Sendable (Result<any LoadedConsentForm, ConsentFormError>) -> Void)

    /// Loads and presents the consent form if consent is required; otherwise completes with no error.
    func loadAndPresentIfRequired(completion: @escaping @Sendable (ConsentFormError?) -> Void)

    /// Presents the privacy-options form if it is required; otherwise completes with an error.
    func presentPrivacyOptionsForm(completion: @escaping @Sendable (ConsentFormError?) -> Void)
}

/// A loaded consent form. It can be presented once.
public protocol LoadedConsentForm: Sendable {
    /// Presents the form; completes once the user answered and the consent status is updated.
    func present(completion: @escaping @Sendable (ConsentFormError?) -> Void)
}

extension ConsentFormProvider {
    /// Loads a consent form and waits for it.
    public func loadForm() async throws(ConsentFormError) -> any LoadedConsentForm {
        let result: Result<any LoadedConsentForm, ConsentFormError> = await withCheckedContinuation { continuation in
            loadForm { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}
