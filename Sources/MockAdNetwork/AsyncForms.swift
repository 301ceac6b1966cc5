import AdRequestKit
import StandInRuntime

// The consent SDK's and the ad SDK's async forms: each goes through the same stand-in code as its
// completion form, so a scenario gives the same trace whichever form the glue awaits; a completion
// that comes twice resumes the caller once, and the duplicate is recorded as not delivered.

extension SimulatedConsentInformation {
    /// Updates the consent information and waits for the result.
    package func requestInfoUpdate(with parameters: ConsentRequestParameters) async throws(ConsentRequestError) {
        try await process.awaitSuccess(of: "consent.update") { done in
            requestInfoUpdate(with: parameters, completion: done)
        }
    }
}

extension SimulatedConsentForms {
    /// Loads a consent form and waits for it.
    package func loadForm() async throws(ConsentFormError) -> any LoadedConsentForm {
        let result: Result<any LoadedConsentForm, ConsentFormError> = await process.awaitCompletion(of: "consent.form.load") { done in
            loadForm(completion: done)
        }
        return try result.get()
    }

    /// Loads and presents the form if consent is required, and waits until it is done.
    package func loadAndPresentIfRequired() async throws(ConsentFormError) {
        try await process.awaitSuccess(of: "consent.form.loadAndPresentIfRequired") { done in
            loadAndPresentIfRequired(completion: done)
        }
    }

    /// Presents the privacy-options form if it is required, and waits until the user closed it.
    package func presentPrivacyOptionsForm() async throws(ConsentFormError) {
        try await process.awaitSuccess(of: "consent.privacyOptions.present") { done in
            presentPrivacyOptionsForm(completion: done)
        }
    }
}

extension SimulatedLoadedForm {
    /// Presents the form and waits until the user answered.
    func present() async throws(ConsentFormError) {
        try await process.awaitSuccess(of: "consent.form.present") { done in present(completion: done) }
    }
}

extension SimulatedAdSDK {
    /// Starts the SDK and waits until it is ready.
    package func start() async {
        await process.awaitCompletion(of: "ads.start") { done in start { done(()) } }
    }

    /// Loads an ad and waits for it.
    package func loadAd(_ request: AdRequest) async throws(AdLoadError) -> LoadedAd {
        let result: Result<LoadedAd, AdLoadError> = await process.awaitCompletion(of: "ads.load") { done in loadAd(request, completion: done) }
        return try result.get()
    }
}
