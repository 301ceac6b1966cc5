import MockAdNetwork
import MockTrackingManager
import StandInRuntime

/// The scripted user: how each prompt and form is answered, and after how long.
///
/// The answers are fixed before the run, so the same test gives the same trace every time, and a
/// delay is virtual time that passes only when the test advances it. A prompt or form shown without
/// a scripted answer is an error of the scenario, not a hang.
///
/// ```swift
/// let user = User(
///     trackingPrompt: .deny(after: .seconds(3)),   // "Ask App Not to Track", 3 s after the prompt shows
///     consentForm: .acceptAll,                     // at once
///     privacyOptionsForm: .rejectAll               // if the app opens privacy options later
/// )
/// let app = try SimulatedApp(glue: MyGlue.init, user: user)
/// try app.launch()
/// try app.onboarding()
/// try app.advance(by: .seconds(3))                 // the user answers the tracking prompt
/// ```
public struct User: Hashable, Sendable {
    /// The answer to the OS tracking prompt.
    public var trackingPrompt: ScriptedAnswer<TrackingPromptAnswer>?
    /// The answer to the consent form.
    public var consentForm: ScriptedAnswer<ConsentFormAnswer>?
    /// The answer to the privacy-options form.
    public var privacyOptionsForm: ScriptedAnswer<ConsentFormAnswer>?
    /// The choice in the legacy consent SDK's form (legacy profile).
    public var legacyConsentForm: ScriptedAnswer<LegacyFormAnswer>?
    /// The answers to the location prompts.
    public var location: LocationUserScript
    /// What a `custom` answer to a consent or privacy-options form chooses.
    public var consentChoices: ConsentChoices?

    /// How long every simulated user looks at a full-screen ad before closing it: advance by this
    /// after presenting one to see it dismissed.
    public static var fullScreenAdWatchTime: Duration { userWatchesFullScreenAdFor }

    /// Creates a user; the default answers nothing.
    public init(
        trackingPrompt: ScriptedAnswer<TrackingPromptAnswer>? = nil,
        consentForm: ScriptedAnswer<ConsentFormAnswer>? = nil,
        privacyOptionsForm: ScriptedAnswer<ConsentFormAnswer>? = nil,
        legacyConsentForm: ScriptedAnswer<LegacyFormAnswer>? = nil,
        location: LocationUserScript = LocationUserScript(),
        consentChoices: ConsentChoices? = nil
    ) {
        self.consentChoices = consentChoices
        self.trackingPrompt = trackingPrompt
        self.consentForm = consentForm
        self.privacyOptionsForm = privacyOptionsForm
        self.legacyConsentForm = legacyConsentForm
        self.location = location
    }

    /// The consent SDK's part of the script.
    var consentScript: ConsentUserScript {
        ConsentUserScript(consentForm: consentForm, privacyOptionsForm: privacyOptionsForm, customChoices: consentChoices)
    }
}
