import MockAdNetwork
import StandInRuntime

extension RuleID {
    /// The consent form is shown only while consent is required; a decision that stands is changed in the privacy options.
    public static let consentFormOnlyWhenRequired = RuleID(declaring: "consentFormOnlyWhenRequired")
}

extension RuleDescriptor {
    static let consentFormOnlyWhenRequired = RuleDescriptor(
        id: .consentFormOnlyWhenRequired,
        authority: .guidance,
        on: [.consentFormPresent],
        rule: "the consent form is shown only when consent is required: a user whose decision stands changes it in the privacy options",
        definition: """
            Broken by a `consent.form.present kind=consent` while the consent SDK's stored decision stands (`obtained` \
            or `notRequired`, not expired): the app shows the first-run form again, on every launch if it checks \
            "a form is available" instead of "consent is required".
            """,
        source: """
            Google UMP, the consent-form header (loadAndPresentIfRequired presents the form only when consentStatus is required) and \
            https://developers.google.com/admob/ios/privacy (the privacy options form lets the user change a decision); \
            https://github.com/googleads/googleads-mobile-unity/issues/3607 (do not re-show the initial form)
            """,
        breaks: { event, facts in
            event.name == .consentFormPresent && event[.formKind] == .consent
                && RunFacts.decisionStands.contains(facts.storedConsent)
        }
    )
}
