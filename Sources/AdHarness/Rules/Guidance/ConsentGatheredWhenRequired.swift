import HarnessSupport

extension Invariant {
    /// Consent the consent SDK requires is gathered: the app shows the consent form.
    public static let consentGatheredWhenRequired = Invariant(declaring: "consentGatheredWhenRequired")
}

extension RuleDescriptor {
    static let consentGatheredWhenRequired = RuleDescriptor(
        id: .consentGatheredWhenRequired,
        authority: .guidance,
        on: [.runFinish],
        rule: "consent the consent SDK requires is gathered: after its onboarding the app shows the consent form",
        definition: """
            Broken by the run's end with no work left waiting (`run.finish` without `pending`) when, in the last \
            process, the app began its onboarding after a consent update had completed saying `required` with a form \
            available (so it knew, and could), the last update still says so, the app is active with no tracking prompt over it and no callback \
            withheld (it is not waiting on the user or on a timeout), and it neither loaded nor showed a consent form: \
            consent was never asked for, so no ad may ever be requested.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (request a consent information update at every \
            launch, then load and present a consent form if required)
            """,
        breaks: { event, facts in
            event.name == .runFinish && event[.pendingWork] == nil && facts.onboardingKnewConsentRequired && facts.appActive
                && !facts.trackingPromptUp && !facts.awaitingCallback && facts.consentRequiredByLastUpdate && !facts.consentFormTried
        }
    )
}
