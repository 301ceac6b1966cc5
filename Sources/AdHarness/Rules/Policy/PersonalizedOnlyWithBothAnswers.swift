import StandInRuntime

extension RuleID {
    /// No request without `npa=1` unless both answers allow personalized ads (the seed's table).
    public static let personalizedOnlyWithBothAnswers = RuleID(declaring: "personalizedOnlyWithBothAnswers")
}

extension RuleDescriptor {
    static let personalizedOnlyWithBothAnswers = RuleDescriptor(
        id: .personalizedOnlyWithBothAnswers,
        authority: .policy,
        on: [.adsRequest],
        rule: "no ad request without npa=1 unless tracking is authorized and consent allows personalized ads",
        definition: """
            Broken by an `ads.request` with `npa=false` unless, at that moment, the OS tracking status is \
            `authorized` and the consent SDK in charge allows personalized ads (`consentAllowsPersonalized=true`: \
            current SDK `obtained` or `notRequired`; legacy SDK the user's choice). The seed app's own table: no Apple \
            or Google document asks for `npa=1` after a tracking denial (the ad SDK then sends no identifier), so it \
            is off unless the app turns it on.
            """,
        source: "the house policy's decision table (catalogue R7); Google, https://support.google.com/admob/answer/7676680 (non-personalized ads)",
        breaks: { event, _ in
            guard event.name == .adsRequest, event[.npa] == false else { return false }
            return !(event[.tracking] == .authorized && event[.consentAllowsPersonalized] == true)
        }
    )
}
