import AdHarness
import AdRequestKit
import MockAdNetwork
import MockTrackingManager
import Scenarios
import StandInRuntime

/// What the explorer may choose, and how far it goes.
///
/// At each step it picks one of ``steps``. When a prompt or form first appears, it tries each
/// answer, given at once or after the app's timeout for it; when a call that a fault can bend is
/// first made, it tries that call clean and with each fault the real call can suffer, up to
/// ``maxFaults`` faults a run. A fault chosen for a call fires from its first call on, `faultTimes`.
public struct ExplorationBounds: Sendable {
    /// How many steps a breadth-first run takes at most, or a random walk takes.
    public var depth: Int
    /// The steps to choose from at each point.
    public var steps: [ExplorationStep]
    /// How many faults a run may carry; 0 explores answers and orders only.
    public var maxFaults: Int
    /// Whether the user may answer after the app's timeout, as well as at once.
    public var lateAnswers: Bool
    /// How often a chosen fault fires: `[1]` for once, `[nil]` for every call, or both.
    package var faultTimes: [Int?]
    /// The app's timeouts, which set how late "late" is: an answer or a delayed callback comes one
    /// second after the timeout for its call. Set them to your glue's own.
    package var timeouts: CallbackTimeouts
    /// Whether the search ends with the level (or batch of walks) where the first violation is
    /// found, and each run ends at its first violation (the explorer's behaviour before it went on
    /// past findings), rather than going on to find the shortest run breaking each other rule too,
    /// the bugs behind a first one among them.
    public var stopAtFirstViolation: Bool
    /// Answers (`leaveApp`, `dismiss`, `rejectAll`...) and fault kinds (`never`, `twice`, `otherThread`, `delay`,
    /// `appInactive`, or an error's name such as `network`) the search leaves out.
    public var leftOut: Set<String> = []
    /// Whether to explore every OS version where the OS behaves differently (27.2, 18.0, 17.4, 14.4,
    /// 13.7) and every consent region, for the fields the starting point leaves out, with an EEA
    /// device on 27.2 in France (the full-page sheet on every prompt) and in Spain (the sheet only
    /// when the app prefers it); each is a starting device of its own, so the search costs as many
    /// times more.
    public var variesDevice: Bool

    /// Creates bounds; the defaults explore every standard step, answers and a fault a run.
    public init(
        depth: Int = 6,
        steps: [ExplorationStep] = ExplorationStep.standard,
        maxFaults: Int = 1,
        lateAnswers: Bool = true,
        faultTimes: [Int?] = [1],
        timeouts: CallbackTimeouts = CallbackTimeouts(),
        stopAtFirstViolation: Bool = false,
        variesDevice: Bool = false
    ) {
        self.variesDevice = variesDevice
        self.stopAtFirstViolation = stopAtFirstViolation
        self.depth = depth
        self.steps = steps
        self.maxFaults = maxFaults
        self.lateAnswers = lateAnswers
        self.faultTimes = faultTimes
        self.timeouts = timeouts
    }

    /// The starting devices: the starting point's own, or each OS version and region it leaves open;
    /// an EEA device on 27.2 is placed in each of ``DeviceVariant/euCountries`` unless the starting
    /// point names its country.
    func devices(osVersionGiven: Bool, regionGiven: Bool, countryGiven: Bool) -> [DeviceVariant] {
        guard variesDevice else { return [DeviceVariant()] }
        let versions: [String?] = osVersionGiven ? [nil] : DeviceVariant.osVersions
        let regions: [ConsentRegion?] = regionGiven ? [nil] : ConsentRegion.allCases
        return versions.flatMap { version in
            regions.flatMap { region in
                let euRules = version.flatMap { OSVersion(text: $0) }?.hasEUTrackingPromptRules == true
                let countries: [String?] = euRules && region == .eea && !countryGiven ? DeviceVariant.euCountries : [nil]
                return countries.map { DeviceVariant(osVersion: version, region: region, country: $0) }
            }
        }
    }

    /// One second past a timeout: late for it, and as early as can be.
    private func late(_ timeout: Duration) -> Duration { timeout + .seconds(1) }

    /// The user-script keys the explorer answers.
    static let answerKeys = UserScriptKey.allCases

    /// The answers to try for a user-script key (`trackingPrompt`, `consentForm`...), or `nil` for
    /// a key the explorer does not answer. The tracking prompt's are the alert's buttons, and
    /// Additional Information too when it is the expanded sheet (`onSheet`).
    func answers(for key: UserScriptKey, onSheet: Bool = false) -> [AnswerChoice]? {
        let (names, timeout): ([String], Duration)
        switch key {
        case .trackingPrompt:
            let buttons = onSheet ? TrackingPromptAnswer.alertAnswers + [.additionalInformation] : TrackingPromptAnswer.alertAnswers
            (names, timeout) = (buttons.map(\.rawValue), timeouts.trackingRequest)
        case .consentForm, .privacyOptionsForm: (names, timeout) = (ConsentFormAnswer.explored.map(\.rawValue), timeouts.formPresent)
        case .legacyConsentForm: (names, timeout) = (LegacyFormAnswer.allCases.map(\.rawValue), timeouts.formPresent)
        }
        let delays: [Duration] = lateAnswers ? [.zero, late(timeout)] : [.zero]
        return delays.flatMap { delay in names.filter { !leftOut.contains($0) }.map { AnswerChoice(key: key, answer: $0, after: delay) } }
    }

    /// The faults to try on a target's calls: each error the real call returns, each callback
    /// misbehaviour, a delay past the app's timeout, and an inactive app for tracking requests.
    func faults(for target: FaultTarget) -> [Fault] {
        var effects = target.acceptedErrors.map(FaultEffect.error)
        effects += [CallbackFault.never, .twice, .otherThread].map(FaultEffect.callback)
        if let timeout = timeout(for: target) { effects.append(.delay(late(timeout))) }
        if target == .trackingRequest { effects.append(.appInactive) }
        return effects.filter { !leftOut.contains(Self.kind(of: $0)) }.flatMap { effect in faultTimes.map { Fault(unchecked: target, effect, times: $0) } }
    }

    /// Every name ``leftOut`` knows: each answer the search may give and each kind of fault it may
    /// inject, so a misspelt one is refused instead of leaving nothing out.
    package static var leavableNames: Set<String> {
        var names = Set((TrackingPromptAnswer.alertAnswers + [.additionalInformation]).map(\.rawValue))
        names.formUnion(ConsentFormAnswer.explored.map(\.rawValue))
        names.formUnion(LegacyFormAnswer.allCases.map(\.rawValue))
        names.formUnion(FaultTarget.allCases.flatMap(\.acceptedErrors).map { kind(of: .error($0)) })
        names.formUnion(CallbackFault.allCases.map { kind(of: .callback($0)) })
        names.formUnion([kind(of: .delay(.zero)), kind(of: .appInactive)])
        return names
    }

    /// The name ``leftOut`` knows a fault effect by.
    static func kind(of effect: FaultEffect) -> String {
        switch effect {
        case .error(let error): error.rawValue
        case .callback(let fault): fault.rawValue
        case .delay: "delay"
        case .appInactive: "appInactive"
        }
    }

    private func timeout(for target: FaultTarget) -> Duration? {
        switch target {
        case .trackingRequest: timeouts.trackingRequest
        case .consentInfoUpdate: timeouts.consentInfoUpdate
        case .formLoad: timeouts.formLoad
        case .formPresent: timeouts.formPresent
        case .adLoad: timeouts.adLoad
        case .adStart: nil
        }
    }
}

/// One thing the explorer can do next: a scenario step, or waiting for the next thing due.
public enum ExplorationStep: Hashable, Sendable, CustomStringConvertible {
    /// A scenario step, written to the fixture as it is.
    case step(Step)
    /// Virtual time moves to the next due work (a timeout, a callback, a late answer), which runs;
    /// written to the fixture as `{"advance": ...}` with the exact interval.
    case wait

    /// The app's steps, Settings changes to the app's tracking toggle and the system switch, and waiting.
    public static let standard: [ExplorationStep] = [
        .step(.launch), .step(.onboarding), .step(.requestTracking), .step(.requestAd), .step(.readAdvertisingIdentifier),
        .step(.foreground), .step(.openPrivacyOptions), .step(.relaunch), .step(.reinstall),
        .step(.settings([.device(.tracking(allowed: false))])), .step(.settings([.device(.tracking(allowed: true))])),
        .step(.settings([.device(.allowAppsToRequestToTrack(false))])), .step(.settings([.device(.allowAppsToRequestToTrack(true))])),
        .wait,
    ]

    /// `launch`, `settings tracking=denied`, `wait`.
    public var description: String {
        switch self {
        case .step(let step): step.description
        case .wait: "wait"
        }
    }

    /// Whether the step can run with the app running or not (launch only when it is not; the
    /// app's own steps only when it is), and with the app's tracking toggle in Settings or not
    /// (Settings shows it only once the app has asked).
    func applies(running: Bool, trackingToggleShown: Bool) -> Bool {
        switch self {
        case .step(.launch): !running
        case .step(.settings(let changes)) where changes.contains(where: \.isTrackingToggle): trackingToggleShown
        case .step(let step): running || !step.needsRunningApp
        case .wait: true
        }
    }
}

extension SettingsChange {
    /// Whether this is the app's own tracking toggle.
    var isTrackingToggle: Bool {
        if case .device(.tracking) = self { true } else { false }
    }
}

/// A scripted answer the explorer chose: a user-script key, its answer, and its delay.
struct AnswerChoice: Hashable, Sendable, CustomStringConvertible {
    var key: UserScriptKey
    var answer: String
    var after: Duration

    var description: String { after == .zero ? "\(key)=\(answer)" : "\(key)=\(answer) after \(after.harnessDescription)" }
}

extension ConsentFormAnswer {
    /// The answers the explorer tries: all but `custom`, whose choices the explorer cannot invent.
    static var explored: [ConsentFormAnswer] { allCases.filter { $0 != .custom } }
}
