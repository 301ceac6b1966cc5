import StandInRuntime

extension RuleID {
    /// Where the publisher turned the consent SDK's consent mode on, the app configures the
    /// analytics SDK before the consent SDK starts in the process, so the consent SDK's link can set
    /// the analytics consent.
    public static let analyticsConfiguredBeforeConsentSDK = RuleID(declaring: "analyticsConfiguredBeforeConsentSDK")
}

extension RuleDescriptor {
    static let analyticsConfiguredBeforeConsentSDK = RuleDescriptor(
        id: .analyticsConfiguredBeforeConsentSDK,
        authority: .guidance,
        on: [.analyticsConfigure],
        rule: "with consent mode on, the app configures the analytics SDK before the consent SDK starts in the process",
        definition: """
            Broken by an `analytics.configure` with `consentMode=true` (the publisher turned the consent SDK's consent \
            mode on) and `consentSDKStarted=true`: the app asked the consent SDK for a consent update in this process \
            before it configured the analytics SDK. The consent SDK's link then does nothing for the rest of the process \
            (catalogue AN7), so where EU rules apply the analytics consent does not follow the user's answer unless the \
            app sets it itself; outside them the consent SDK sets nothing either way. Judged wherever the user is, as the \
            order is the app's code. An app that never configures the analytics SDK through the port is taken to \
            configure it first and is not judged. The consent SDK's start being its first update is a modelling choice.
            """,
        source: """
            Google, consent mode with the consent SDK (https://developers.google.com/admob/ios/privacy/consent-mode): \
            turn consent mode on, use UMP 3.0.0 or later, and initialize Firebase before starting the UMP SDK, which \
            updates the consent state only where EU rules apply (catalogue AN7)
            """,
        breaks: { event, _ in
            event.name == .analyticsConfigure && event[.consentModeEnabled] == true && event[.consentSDKStartedFirst] == true
        }
    )
}
