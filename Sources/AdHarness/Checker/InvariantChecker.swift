import AdRequestKit
import HarnessSupport
import MockAdNetwork
import MockTrackingManager

/// Checks every ``Invariant`` on each event as it is recorded, without being asked.
///
/// It reads only ground truth: events recorded by the harness and by the OS and SDK stand-ins
/// (``TraceName/isGroundTruth``). An `ads.request` carries the OS tracking status and the consent
/// SDK's answer at that moment, an `ads.start` what the SDK saw when it started, and so on. What the
/// glue logs is never read, so a glue that logs nothing is checked exactly as well as ours.
public final class InvariantChecker: Sendable {
    private let trace: Trace
    private let state = Locked(State())

    private struct State {
        var policy = NonPersonalizedAdsPolicy.followsDecisionTable
        var promptDismissedThisInstall = false
        /// A tracking request the OS ignored because the app was not active: the index of its answer.
        var unaskedTracking: Int?
        var activeSinceUnasked = false
        var violations: [(Invariant, Int)] = []
    }

    /// Starts checking every event recorded in the trace from now on.
    ///
    /// The trace tells it of each event with the event's index, one at a time and in order, so a
    /// violation always names the event that made it, whichever thread recorded it.
    public init(trace: Trace) {
        self.trace = trace
        trace.observe { [weak self] event, index in self?.check(event, at: index) }
    }

    /// Every violation so far, in order.
    public var violations: [InvariantViolation] {
        let (found, events) = (state.withLock { $0.violations }, trace.events)
        return found.map { invariant, index in
            InvariantViolation(invariant: invariant, event: events[index], traceSoFar: Array(events[...index]))
        }
    }

    /// What the checker carries from one event to the next, which decides what later events break.
    struct Debts: Hashable, Sendable {
        let policy: NonPersonalizedAdsPolicy
        let promptDismissedThisInstall: Bool
        let trackingUnasked: Bool
        let activeSinceUnasked: Bool
    }

    /// The checker's open debts now, for the explorer's state comparison.
    var debts: Debts {
        state.withLock {
            Debts(
                policy: $0.policy, promptDismissedThisInstall: $0.promptDismissedThisInstall,
                trackingUnasked: $0.unaskedTracking != nil, activeSinceUnasked: $0.activeSinceUnasked
            )
        }
    }

    /// Sets how the running glue chooses `npa`; a stricter glue is checked only in the privacy direction.
    public func setPolicy(_ policy: NonPersonalizedAdsPolicy) {
        state.withLock { $0.policy = policy }
    }

    private func check(_ event: TraceEvent, at index: Int) {
        guard event.name.isGroundTruth else { return }
        state.withLock { state in
            for invariant in broken(by: event, at: index, &state) {
                state.violations.append((invariant, index))
            }
        }
    }

    /// How the stand-ins spell the statuses the rules compare with, worked out once.
    private static let authorized = TrackingAuthorizationStatus.authorized.description
    private static let notDetermined = TrackingAuthorizationStatus.notDetermined.description
    private static let dismissed = TrackingPromptAnswer.dismiss.rawValue
    private static let personalizedMode = ServingMode.personalized.rawValue
    private static let signalRulesAllowingPersonalized = Set(
        ServingModeRule.allCases.filter { $0.mode == .personalized || $0 == .nonPersonalizedRequested }.map(\.rawValue)
    )
    /// The rules that lower the mode without the app being at fault by `personalizedOnlyWhenSignalsAllow`:
    /// a US state opt-out (the ad SDK reads the GPP string itself; the app is not asked to decode it and
    /// repeat it with `npa=1`); an audience tag (`taggedRequestsNeverPersonalized` owns those); and a TC
    /// string past its 13 months (the ad SDK serves nothing at all, and the app, with no calendar, cannot
    /// date the string: the consent SDK asks again at its next update).
    private static let rulesNotTheAppsToFollow = Set(
        [ServingModeRule.usStateOptOut, .childDirectedTreatment, .underAgeOfConsent, .childAgeTreatment, .consentOutdated].map(\.rawValue)
    )

    /// Whether the request configuration in force tags the request as one that may not be personalized.
    private static func isTaggedForChildren(_ event: TraceEvent) -> Bool {
        event[TraceField.childDirected] == "true" || event[TraceField.underAgeOfConsent] == "true"
            || event[TraceField.ageTreatment] == AudienceAgeTreatment.child.rawValue
    }

    /// Whether the TCF signals of a request allowed personalized ads (only `npa=1` may have lowered its mode).
    private static func signalsAllowPersonalized(_ event: TraceEvent) -> Bool {
        event[TraceField.modeRule].map(signalRulesAllowingPersonalized.contains) ?? true
    }

    private func broken(by event: TraceEvent, at index: Int, _ state: inout State) -> [Invariant] {
        let (authorized, notDetermined) = (Self.authorized, Self.notDetermined)
        switch event.name {
        case .adsRequest:
            var broken: [Invariant] = []
            let personalizedAllowed = event[TraceField.tracking] == authorized && event[TraceField.consentAllowsPersonalized] == "true"
            let personalized = event[TraceField.npa] == "false"
            // The most specific reason first: a tagged request is never personalized, whatever the answers.
            if personalized && Self.isTaggedForChildren(event) { broken.append(.taggedRequestsNeverPersonalized) }
            if personalized && !personalizedAllowed { broken.append(.personalizedOnlyWithBothAnswers) }
            if personalized, let mode = event[TraceField.mode], mode != Self.personalizedMode,
               !Self.rulesNotTheAppsToFollow.contains(event[TraceField.modeRule] ?? "") {
                broken.append(.personalizedOnlyWhenSignalsAllow)
            }
            if event[TraceField.canRequestAds] == "false" { broken.append(.noRequestWithoutConsentSDKPermission) }
            if !personalized && personalizedAllowed && Self.signalsAllowPersonalized(event) && state.policy == .followsDecisionTable {
                broken.append(.requestsFollowCurrentAnswers)
            }
            return broken
        case .adsConfigure:
            return event[TraceField.afterStart] == "true" ? [.requestConfigurationBeforeStart] : []
        case .idfaRead:
            return event[TraceField.identifier] == "set" && event[TraceField.tracking] != authorized ? [.identifierOnlyWhenAuthorized] : []
        case .adsStart:
            var broken: [Invariant] = []
            if event[TraceField.tracking] == notDetermined && !state.promptDismissedThisInstall {
                broken.append(.adSDKStartsAfterTrackingDecision)
            }
            if event[TraceField.canRequestAds] == "false" { broken.append(.adSDKStartsOnlyWhenAdsAllowed) }
            return broken
        case .trackingRequest:
            state.unaskedTracking = nil
        case .trackingAnswer:
            if event[TraceField.answer] == Self.dismissed { state.promptDismissedThisInstall = true }
            // A prompt the user saw meanwhile (another request's, answered or dismissed), or a status
            // decided without one: the user was asked, or nothing is left to ask.
            if event[TraceField.prompted] == "true" { state.unaskedTracking = nil }
            if let status = event[TraceField.status], status != notDetermined { state.unaskedTracking = nil }
            let reason = event[TraceField.reason].flatMap(TrackingNoPromptReason.init(rawValue:))
            if event[TraceField.prompted] == "false", reason?.meansAppWasInactive == true {
                state.unaskedTracking = index
                state.activeSinceUnasked = false
            }
        case .settingsChange:
            // Decided in Settings: there is nothing left to ask. (A location change says nothing of tracking.)
            if let tracking = event[TraceField.tracking], tracking != notDetermined { state.unaskedTracking = nil }
        case .appActive:
            if state.unaskedTracking != nil { state.activeSinceUnasked = true }
        case .appBackground, .appTerminate, .runFinish:
            if state.unaskedTracking != nil && state.activeSinceUnasked {
                state.unaskedTracking = nil
                return [.trackingAskedAgainOnceActive]
            }
            if event.name != .appBackground { state.unaskedTracking = nil }
        case .appLaunch, .appCrash:
            // A new process asks afresh; a crashed one cannot ask any more.
            state.unaskedTracking = nil
        case .appReinstall:
            state.promptDismissedThisInstall = false
        default:
            break
        }
        return []
    }
}
