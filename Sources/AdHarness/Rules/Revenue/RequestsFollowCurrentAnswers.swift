import MockAdNetwork
import StandInRuntime

extension RuleID {
    /// No request keeps `npa=1` once tracking, consent and the TCF signals all allow personalized ads.
    public static let requestsFollowCurrentAnswers = RuleID(declaring: "requestsFollowCurrentAnswers")
}

extension RuleDescriptor {
    static let requestsFollowCurrentAnswers = RuleDescriptor(
        id: .requestsFollowCurrentAnswers,
        authority: .revenue,
        on: [.adsRequest],
        rule: "no ad request keeps npa=1 once tracking is authorized and a current consent answer allows personalized ads (a stale decision)",
        definition: """
            Broken by an `ads.request` with `npa=true` while, at that moment, the OS tracking status is `authorized`, \
            the consent SDK allows personalized ads and its TCF signals do too (`modeRule` `gdprDoesNotApply` or \
            `nonPersonalizedRequested`), no audience tag rules personalized ads out, and the consent SDK has given a \
            current answer in this process (a consent update that completed without an error, or the user's answer \
            to a form): the glue had what it needed and used a decision made before an answer or a Settings change. \
            A request that keeps `npa=1` while the only consent answer is the previous session's (this session's \
            update failed, or has not answered yet) is the app being careful with an answer it could not confirm, not \
            a stale decision: no Google or Apple document asks for personalized ads then. More private than needed: \
            the user loses nothing, the app earns less, so it warns by default; the seed's table makes it a failure \
            (its decision follows every answer).
            """,
        source: """
            the house policy (catalogue R6: re-evaluate after an authorization); Google, \
            https://developers.google.com/admob/ios/privacy/idfa; the consent-information header (the status holds the \
            previous session's value until this session's update completes)
            """,
        // The consent SDK in charge gave a current answer in this process (an update that completed
        // without an error, or the user's answer to a form), not only the previous session's.
        state: false,
        learnsFrom: [
            .consentUpdateDone, .legacyConsentUpdateDone, .consentFormAnswer, .legacyConsentFormAnswer, .consentReset, .legacyConsentReset,
            .appLaunch, .appTerminate, .appCrash, .runFinish,
        ],
        update: { consentAnswerCurrent, event, _ in
            switch event.name {
            case .consentUpdateDone, .legacyConsentUpdateDone: if event[.error] == nil { consentAnswerCurrent = true }
            case .consentFormAnswer, .legacyConsentFormAnswer: consentAnswerCurrent = true
            default: consentAnswerCurrent = false
            }
        },
        breaks: { event, consentAnswerCurrent, _ in
            guard event.name == .adsRequest, event[.npa] == true, consentAnswerCurrent else { return false }
            let bothAllow = event[.tracking] == .authorized && event[.consentAllowsPersonalized] == true
            let signalsAllow = event[.modeRule].map(signalRulesAllowingPersonalized.contains) ?? true
            return bothAllow && signalsAllow
        }
    )

    /// The serving-mode rules under which only `npa=1` lowered the mode.
    private static let signalRulesAllowingPersonalized = Set(
        ServingModeRule.allCases.filter { $0.mode == .personalized || $0 == .nonPersonalizedRequested }
    )
}
