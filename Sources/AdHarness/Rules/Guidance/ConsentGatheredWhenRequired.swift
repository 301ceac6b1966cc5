import HarnessSupport
import MockAdNetwork

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
            process, the app is active with no tracking prompt over it and no callback withheld (it is not waiting on \
            the user or on a timeout), neither loaded nor showed a consent form, and either: it began its onboarding \
            after a consent update had completed saying `required` with a form available (so it knew, and could), and \
            the last update still says so; or it ran its onboarding in the EEA, where consent is required until the \
            user answers (catalogue C3), with no decision standing (the stored status neither `obtained` nor \
            `notRequired`) and without asking the consent SDK for an update at all in that process (an app that skips \
            the consent flow after a tracking denial, say): consent was never asked for, so no ad may ever be requested.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (request a consent information update at every \
            launch, then load and present a consent form if required); the consent-information header (the update must \
            be called in every app session before the status is read or a form loaded)
            """,
        breaks: { event, facts in
            guard event.name == .runFinish, event[.pendingWork] == nil, facts.appActive, !facts.trackingPromptUp, !facts.awaitingCallback,
                !facts.consentFormTried
            else { return false }
            let knewAndSkipped = facts.onboardingKnewConsentRequired && facts.consentRequiredByLastUpdate
            let neverAsked =
                facts.onboardingRan && !facts.consentUpdateAsked && facts.region == .eea
                && !RunFacts.decisionStands.contains(facts.storedConsent)
            return knewAndSkipped || neverAsked
        }
    )
}
