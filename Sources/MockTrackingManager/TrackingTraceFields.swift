import AdRequestKit
import StandInRuntime

/// Why the OS answered a tracking request as it did (`tracking.answer reason=...`).
public enum TrackingAnswerReason: Hashable, Sendable, TraceValue {
    /// No prompt was shown, for this reason.
    case noPrompt(TrackingNoPromptReason)
    /// The prompt was up and the app left the foreground: the system took it away unanswered.
    case appLeftForeground
    /// OS 17.4 answered `denied` at once, while the prompt stayed up (`earlyAnswerOS17.4`).
    case earlyAnswer

    /// The reason as traces spell it.
    public var traceText: String {
        switch self {
        case .noPrompt(let reason): reason.rawValue
        case .appLeftForeground: "appLeftForeground"
        case .earlyAnswer: "earlyAnswerOS17.4"
        }
    }

    /// The reason spelled so.
    public init?(traceText: String) {
        switch traceText {
        case "appLeftForeground": self = .appLeftForeground
        case "earlyAnswerOS17.4": self = .earlyAnswer
        default:
            guard let reason = TrackingNoPromptReason(rawValue: traceText) else { return nil }
            self = .noPrompt(reason)
        }
    }
}

/// What became of a tracking prompt (`tracking.answer answer=...`): the user's answer, or `none`
/// when the system took it away before the user answered.
public enum TrackingPromptOutcome: Hashable, Sendable, TraceValue {
    /// The user answered so.
    case answered(TrackingPromptAnswer)
    /// The system took the prompt away unanswered (`none`).
    case takenAway

    /// Whether the prompt ended without allow or deny, so the status stays undecided.
    public var leavesStatusUndecided: Bool { self == .takenAway || self == .answered(.additionalInformation) }

    /// The answer's name, or `none`.
    public var traceText: String {
        switch self {
        case .answered(let answer): answer.rawValue
        case .takenAway: "none"
        }
    }

    /// The outcome spelled so.
    public init?(traceText: String) {
        if traceText == "none" {
            self = .takenAway
        } else if let answer = TrackingPromptAnswer(rawValue: traceText) {
            self = .answered(answer)
        } else {
            return nil
        }
    }
}

/// How the OS showed a tracking prompt (`tracking.prompt style=...`).
public enum TrackingPromptStyle: String, Hashable, Sendable, CaseIterable, TraceValue {
    /// The two-button alert; a prompt without a `style` field was one.
    case alert
    /// The expanded full-page sheet of OS 27.2 in the EU, with its Additional Information button.
    case sheet
}

/// What a read of the advertising identifier gave (`idfa.read identifier=...`).
public enum AdvertisingIdentifierReading: String, Hashable, Sendable, CaseIterable, TraceValue {
    /// All zeros: tracking is not authorized (or the OS withholds it).
    case zero
    /// A real identifier.
    case set
}

extension TraceField where Value == TrackingAnswerReason {
    /// Why the OS answered as it did (`tracking.answer`).
    @inlinable public static var trackingAnswerReason: Self { Self("reason") }
}

extension TraceField where Value == TrackingPromptOutcome {
    /// What the user, or the system, did with the prompt (`tracking.answer`).
    @inlinable public static var trackingPromptOutcome: Self { Self("answer") }
}

extension TraceField where Value == TrackingPromptStyle {
    /// `sheet` on a prompt shown as the expanded sheet; the alert leaves it out (`tracking.prompt`).
    @inlinable public static var trackingPromptStyle: Self { Self("style") }
}

extension TraceField where Value == AdvertisingIdentifierReading {
    /// Whether the identifier read was all zeros or a real one (`idfa.read`).
    @inlinable public static var identifier: Self { Self("identifier") }
}
