import StandInRuntime

extension RuleID {
    /// The consent SDK's stored consent is reset only in a debug run.
    public static let consentResetOnlyWhenTesting = RuleID(declaring: "consentResetOnlyWhenTesting")
}

extension RuleDescriptor {
    static let consentResetOnlyWhenTesting = RuleDescriptor(
        id: .consentResetOnlyWhenTesting,
        authority: .guidance,
        on: [.consentUpdate, .appTerminate, .appCrash, .runFinish],
        rule: "the consent SDK is reset only when testing, never in production",
        definition: """
            A `consent.reset` opens a debt, paid by a `consent.update` with a debug geography (a test run). Broken by a \
            `consent.update` without one (`debugGeography=disabled`) while the debt is open, or by the process's or the \
            run's end with it open: the stored decision and TC string were wiped in production, so the user is asked again.
            """,
        source: """
            Google UMP, https://developers.google.com/admob/ios/privacy (Testing: reset the consent state for testing) and \
            the consent-information header (reset clears all consent state from persistent storage); \
            https://github.com/capacitor-community/admob/issues/276
            """,
        // The consent SDK was reset in this process and no consent update with debug settings followed.
        state: false,
        learnsFrom: [.consentReset, .consentUpdate, .appLaunch, .appTerminate, .appCrash, .runFinish],
        update: { resetInProduction, event, _ in
            switch event.name {
            case .consentReset: resetInProduction = true
            case .consentUpdate: if event[.debugGeography] != .disabled { resetInProduction = false }
            default: resetInProduction = false
            }
        },
        breaks: { event, resetInProduction, _ in
            guard resetInProduction else { return false }
            switch event.name {
            case .consentUpdate: return event[.debugGeography] == .disabled
            case .appTerminate, .appCrash, .runFinish: return true
            default: return false
            }
        }
    )
}
