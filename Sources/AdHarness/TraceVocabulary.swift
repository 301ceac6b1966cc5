/// Every event name the harness records, with what it means: the vocabulary of traces and of
/// scenario expectations. A name outside it in a fixture is an error, not a check that never fails.
public enum TraceVocabulary {
    /// Each name and its meaning, grouped by who records it.
    public static let events: [(name: String, meaning: String)] = [
        ("device.ready", "the simulated device is set up as the previous session left it"),
        ("step", "a scenario step begins"),
        ("app.launch", "a process of the app starts"),
        ("app.active", "the app becomes active"),
        ("app.inactive", "the app becomes inactive (a system prompt, or launching)"),
        ("app.background", "the app leaves the foreground"),
        ("app.terminate", "the process ends (relaunch or reinstall)"),
        ("app.reinstall", "the app is deleted and installed again"),
        ("app.crash", "the real app would crash here (reason: a missing Info.plist key)"),
        ("settings.change", "the user changes a setting in the Settings app"),
        ("store.set", "a value in the app's storage changes"),
        ("store.remove", "a value is removed from the app's storage"),
        ("tracking.request", "the app asks the OS for tracking authorization"),
        ("tracking.prompt", "the OS shows the tracking prompt"),
        ("tracking.answer", "the OS answers (status, whether it prompted, why not)"),
        ("idfa.read", "the app reads the advertising identifier (zero or set)"),
        ("consent.update", "the app asks the consent SDK to update consent information"),
        ("consent.update.done", "the update completes (status, canRequestAds, or the error)"),
        ("consent.reset", "the consent SDK's stored consent is cleared"),
        ("consent.form.load", "the app loads a consent form"),
        ("consent.form.loaded", "the form loaded"),
        ("consent.form.load.failed", "the form failed to load"),
        ("consent.form.present", "a consent or privacy-options form is shown"),
        ("consent.form.present.failed", "a form could not be shown"),
        ("consent.form.answer", "the user answers a form"),
        ("ads.start", "the ad SDK is started (the tracking status and identifier it sees)"),
        ("ads.started", "the ad SDK finished starting"),
        ("ads.request", "an ad request reaches the ad SDK (extras, npa, and the ground truth at that moment)"),
        ("ads.loaded", "an ad loaded"),
        ("ads.load.failed", "an ad failed to load"),
        ("callback.withheld", "a fault withholds a callback: it never comes"),
        ("callback.duplicate", "a fault delivers a callback a second time"),
        ("harness.issue", "the scenario is incomplete (a prompt with no scripted answer...)"),
        ("decision", "the app evaluated the decision table (both statuses, both outputs, the rule)"),
        ("consent.refresh", "the app re-evaluates after a tracking answer or change"),
        ("tracking.deferred", "the app waits for the app to be active before asking or re-reading"),
        ("tracking.settled", "the app's tracking request is over for this session"),
        ("tracking.changed", "the app noticed a tracking change made in Settings"),
        ("ads.refused", "the app refused to send an ad request"),
        ("app.error", "the app surfaced an error (stage and code)"),
        ("app.timeout", "a callback did not come in time; the app went on conservatively"),
        ("callback.ignored", "the app ignored a callback that came twice or too late"),
    ]

    /// Every name.
    public static let names: Set<String> = Set(events.map(\.name))
}
