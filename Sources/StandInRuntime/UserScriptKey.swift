/// An entry of the user script: what answers one kind of prompt or form. A stand-in that shows
/// something the script does not answer names the entry (`harness.issue missingAnswer=...`), so a
/// tool such as the explorer can supply one and run again.
public enum UserScriptKey: String, CaseIterable, Hashable, Sendable, TraceValue {
    /// The OS tracking prompt (`user.trackingPrompt`).
    case trackingPrompt
    /// The consent SDK's consent form (`user.consentForm`).
    case consentForm
    /// The consent SDK's privacy-options form (`user.privacyOptionsForm`).
    case privacyOptionsForm
    /// The legacy consent SDK's form (`user.legacyConsentForm`).
    case legacyConsentForm
}

extension TraceField where Value == UserScriptKey {
    /// The user-script entry that would have answered what was left on screen (`harness.issue`).
    public static var missingAnswer: Self { Self("missingAnswer") }
}

extension TraceField where Value == String {
    /// What is wrong with the scenario itself (`harness.issue`): a prompt the user script does not
    /// answer, choices that do not fit a TC string; read typed from the stand-in to the report.
    @inlinable public static var scenarioIssue: Self { Self("issue") }
}
