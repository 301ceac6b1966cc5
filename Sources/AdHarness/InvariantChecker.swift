import AdRequestKit
import HarnessSupport

/// Checks every ``Invariant`` on each event as it is recorded, without being asked.
///
/// It reads only the trace: the stand-ins record the ground truth with each event (an `ads.request`
/// carries the OS tracking status and the consent SDK's answer at that moment), so no check depends
/// on what the app believes.
public final class InvariantChecker: Sendable {
    private let trace: Trace
    private let state = Locked(State())

    private struct State {
        var index = 0
        var refreshOwed = false
        var promptDismissedThisInstall = false
        var violations: [(Invariant, Int)] = []
    }

    /// Starts checking every event recorded in the trace from now on.
    public init(trace: Trace) {
        self.trace = trace
        trace.observe { [weak self] event in self?.check(event) }
    }

    /// Every violation so far, in order.
    public var violations: [InvariantViolation] {
        let (found, events) = (state.withLock { $0.violations }, trace.events)
        return found.map { invariant, index in
            InvariantViolation(invariant: invariant, event: events[index], traceSoFar: Array(events[...index]))
        }
    }

    private func check(_ event: TraceEvent) {
        state.withLock { state in
            defer { state.index += 1 }
            for invariant in broken(by: event, &state) {
                state.violations.append((invariant, state.index))
            }
        }
    }

    private func broken(by event: TraceEvent, _ state: inout State) -> [Invariant] {
        switch event.name {
        case "ads.request":
            var broken: [Invariant] = []
            let personalizedAllowed = event["tracking"] == "authorized" && event["consentAllowsPersonalized"] == "true"
            if event["npa"] == "false" && !personalizedAllowed { broken.append(.personalizedOnlyWithBothAnswers) }
            if event["canRequestAds"] == "false" { broken.append(.noRequestWithoutConsentSDKPermission) }
            if state.refreshOwed { broken.append(.consentRefreshedAfterAuthorization) }
            return broken
        case "idfa.read":
            return event["value"] == "set" && event["tracking"] != "authorized" ? [.identifierOnlyWhenAuthorized] : []
        case "tracking.answer":
            if event["status"] == "authorized" && event["prompted"] == "true" { state.refreshOwed = true }
            if event["answer"] == "dismiss" { state.promptDismissedThisInstall = true }
        case "settings.change":
            if event["change"] == "tracking=authorized" && event["refused"] == nil { state.refreshOwed = true }
        case "consent.refresh":
            state.refreshOwed = false
        case "decision":
            if event["tracking"] == "authorized" { state.refreshOwed = false }
        case "app.reinstall":
            state.promptDismissedThisInstall = false
        case "ads.start":
            if event["tracking"] == "notDetermined" && !state.promptDismissedThisInstall {
                return [.adSDKStartsAfterTrackingDecision]
            }
        default:
            break
        }
        return []
    }
}
