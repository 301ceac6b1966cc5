import AdRequestKit
import HarnessSupport
import MockTrackingManager

/// Checks every ``Invariant`` on each event as it is recorded, without being asked.
///
/// It reads only ground truth: events recorded by the harness and by the OS and SDK stand-ins
/// (``TraceName/isGroundTruth``). An `ads.request` carries the OS tracking status and the consent
/// SDK's answer at that moment, an `ads.start` what the SDK saw when it started, and so on. What the
/// glue logs is never read, so a glue that logs nothing is checked exactly as well as ours.
public final class InvariantChecker: Sendable {
    private let trace: Trace
    private let state: Locked<State>

    private struct State {
        /// The trace index of the next event.
        var index: Int
        var policy = NonPersonalizedAdsPolicy.followsDecisionTable
        var promptDismissedThisInstall = false
        /// A tracking request the OS ignored because the app was not active: the index of its answer.
        var unaskedTracking: Int?
        var activeSinceUnasked = false
        var violations: [(Invariant, Int)] = []
    }

    /// Starts checking every event recorded in the trace from now on.
    public init(trace: Trace) {
        self.trace = trace
        state = Locked(State(index: trace.events.count))
        trace.observe { [weak self] event in self?.check(event) }
    }

    /// Every violation so far, in order.
    public var violations: [InvariantViolation] {
        let (found, events) = (state.withLock { $0.violations }, trace.events)
        return found.map { invariant, index in
            InvariantViolation(invariant: invariant, event: events[index], traceSoFar: Array(events[...index]))
        }
    }

    /// Sets how the running glue chooses `npa`; a stricter glue is checked only in the privacy direction.
    public func setPolicy(_ policy: NonPersonalizedAdsPolicy) {
        state.withLock { $0.policy = policy }
    }

    /// The end of the run: rules that wait for a later moment are decided now, at the last event.
    public func finish() {
        state.withLock { state in
            if state.unaskedTracking != nil && state.activeSinceUnasked {
                state.violations.append((.trackingAskedAgainOnceActive, state.index - 1))
                state.unaskedTracking = nil
            }
        }
    }

    private func check(_ event: TraceEvent) {
        guard event.name.isGroundTruth else {
            state.withLock { $0.index += 1 }
            return
        }
        state.withLock { state in
            defer { state.index += 1 }
            for invariant in broken(by: event, &state) {
                state.violations.append((invariant, state.index))
            }
        }
    }

    private func broken(by event: TraceEvent, _ state: inout State) -> [Invariant] {
        switch event.name {
        case .adsRequest:
            var broken: [Invariant] = []
            let personalizedAllowed = event["tracking"] == TrackingAuthorizationStatus.authorized.description
                && event["consentAllowsPersonalized"] == "true"
            let personalized = event["npa"] == "false"
            if personalized && !personalizedAllowed { broken.append(.personalizedOnlyWithBothAnswers) }
            if event["canRequestAds"] == "false" { broken.append(.noRequestWithoutConsentSDKPermission) }
            if !personalized && personalizedAllowed && state.policy == .followsDecisionTable {
                broken.append(.requestsFollowCurrentAnswers)
            }
            return broken
        case .idfaRead:
            return event["value"] == "set" && event["tracking"] != TrackingAuthorizationStatus.authorized.description
                ? [.identifierOnlyWhenAuthorized] : []
        case .adsStart:
            var broken: [Invariant] = []
            if event["tracking"] == TrackingAuthorizationStatus.notDetermined.description && !state.promptDismissedThisInstall {
                broken.append(.adSDKStartsAfterTrackingDecision)
            }
            if event["canRequestAds"] == "false" { broken.append(.adSDKStartsOnlyWhenAdsAllowed) }
            return broken
        case .trackingRequest:
            state.unaskedTracking = nil
        case .trackingAnswer:
            if event["answer"] == TrackingPromptAnswer.dismiss.rawValue { state.promptDismissedThisInstall = true }
            if event["prompted"] == "false", event["reason"].flatMap(TrackingNoPromptReason.init(rawValue:))?.meansAppWasInactive == true {
                state.unaskedTracking = state.index
                state.activeSinceUnasked = false
            }
        case .settingsChange:
            // Decided in Settings: there is nothing left to ask.
            if event["tracking"] != TrackingAuthorizationStatus.notDetermined.description { state.unaskedTracking = nil }
        case .appActive:
            if state.unaskedTracking != nil { state.activeSinceUnasked = true }
        case .appBackground, .appTerminate:
            if state.unaskedTracking != nil && state.activeSinceUnasked {
                state.unaskedTracking = nil
                return [.trackingAskedAgainOnceActive]
            }
            if event.name == .appTerminate { state.unaskedTracking = nil }
        case .appReinstall:
            state.promptDismissedThisInstall = false
        default:
            break
        }
        return []
    }
}
