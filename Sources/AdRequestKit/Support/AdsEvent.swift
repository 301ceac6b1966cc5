/// Something the app-side logic decided or noticed, for the log and the harness's trace.
public enum AdsEvent: Hashable, Sendable {
    /// The decision table was evaluated (both statuses and both outputs).
    case evaluated(ConsentState, trigger: EvaluationTrigger)
    /// The consent state is being re-evaluated after a tracking answer or change.
    case consentRefresh(trigger: EvaluationTrigger)
    /// The tracking request waits for the app to become active (the OS prompts only then).
    case trackingDeferred(reason: String)
    /// The tracking request is over for this session, with the status the app now uses.
    case trackingSettled(TrackingAuthorizationStatus)
    /// The tracking status changed outside the app (Settings) and the app noticed.
    case trackingChanged(from: TrackingAuthorizationStatus, to: TrackingAuthorizationStatus)
    /// The app refused to send an ad request.
    case adRequestRefused(AdRequestRefusal)
    /// An error surfaced from the flow.
    case error(AdsFlowError)
    /// A callback did not come in time; the app went on conservatively.
    case timedOut(FlowStage)
    /// A callback came a second time and was ignored.
    case duplicateCallbackIgnored(FlowStage)
    /// A callback came after its timeout had fired; the app took it as news and re-read the SDKs.
    case lateCallback(FlowStage)

    /// The event's name in the trace (`decision`, `consent.refresh`...).
    public var name: String {
        switch self {
        case .evaluated: "decision"
        case .consentRefresh: "consent.refresh"
        case .trackingDeferred: "tracking.deferred"
        case .trackingSettled: "tracking.settled"
        case .trackingChanged: "tracking.changed"
        case .adRequestRefused: "ads.refused"
        case .error: "app.error"
        case .timedOut: "app.timeout"
        case .duplicateCallbackIgnored: "callback.ignored"
        case .lateCallback: "callback.late"
        }
    }

    /// The event's details, in a stable order.
    public var fields: [EventField] {
        switch self {
        case .evaluated(let state, let trigger):
            [EventField("trigger", trigger.rawValue)] + state.fields
        case .consentRefresh(let trigger): [EventField("trigger", trigger.rawValue)]
        case .trackingDeferred(let reason): [EventField("reason", reason)]
        case .trackingSettled(let status): [EventField("tracking", status.description)]
        case .trackingChanged(let from, let to): [EventField("from", from.description), EventField("to", to.description)]
        case .adRequestRefused(let refusal): [EventField("reason", refusal.rawValue)]
        case .error(let error): [EventField("stage", error.stage.rawValue), EventField("code", error.code)]
        case .timedOut(let stage): [EventField("stage", stage.rawValue)]
        case .duplicateCallbackIgnored(let stage), .lateCallback(let stage): [EventField("stage", stage.rawValue)]
        }
    }
}

/// What made the coordinator evaluate the decision table.
public enum EvaluationTrigger: String, CaseIterable, Hashable, Sendable, Codable {
    /// The coordinator was created (process start).
    case created
    /// The consent update restored the previous session's answer.
    case cachedConsent
    /// The consent update completed (or failed, or timed out).
    case consentUpdated
    /// The consent form flow finished (answered, failed or skipped).
    case consentForm
    /// The privacy-options form finished.
    case privacyOptions
    /// The tracking answer came in.
    case trackingAnswer
    /// The tracking status changed in Settings.
    case trackingChanged
    /// Someone asked for a refresh directly.
    case refresh
    /// The app is about to request an ad and reads both inputs again.
    case adRequest
    /// The app is about to start the ad SDK and reads both inputs again.
    case adSDKStart
}

/// Why the app refused to send an ad request.
public enum AdRequestRefusal: String, CaseIterable, Hashable, Sendable, Codable {
    /// The consent SDK does not allow ad requests (`canRequestAds` is false).
    case consentNotGathered
    /// The ad SDK is not started because the tracking status is not decided yet.
    case trackingNotDecided
}
