import AdRequestKit
import AppInfoPlist
import StandInRuntime

/// How a worker process running the app ended without being asked to: the app's code trapped, or
/// it stopped answering and the supervisor ended it, as a device's watchdog would.
///
/// The supervisor of the worker processes records it as the `app.crash` the process could not
/// record itself, and the crash rules judge it as they judge any crash.
package struct ProcessDeath: Hashable, Sendable {
    /// `trap` or `watchdog`.
    package var reason: CrashReason
    /// The trap's message (`Fatal error: Unexpectedly found nil while unwrapping an Optional value`,
    /// with the file and line), or what the watchdog saw.
    package var message: String
    /// The step the app died in (`launch`, `finish` for the run's end), when one had begun.
    package var step: String?
    /// The callback whose second delivery the step was handling, when a fault delivered one.
    package var duplicateCallback: String?

    /// A death for `reason`, with its message.
    package init(reason: CrashReason, message: String, step: String? = nil, duplicateCallback: String? = nil) {
        self.reason = reason
        self.message = message
        self.step = step
        self.duplicateCallback = duplicateCallback
    }

    /// `app.crash reason=trap step=launch detail=...`, at the time of the last event the process recorded.
    package func event(at time: Duration) -> TraceEvent {
        var fields = [EventField(.crashReason, reason)]
        if let step { fields.append(EventField("step", step)) }
        if let duplicateCallback { fields.append(EventField(.duplicateCallback, duplicateCallback)) }
        fields.append(EventField(.detail, message))
        return TraceEvent(time: time, name: .appCrash, fields: fields)
    }

    /// The trace as far as the process recorded it, ended by the crash.
    package func trace(after events: [TraceEvent]) -> [TraceEvent] {
        events + [event(at: events.last?.time ?? .zero)]
    }

    /// The findings of the crash rules that `rules` checks on the trace's last event (the crash), in
    /// the order reports list rules; the rules that read what a run had shown first do not judge a
    /// process that could not finish.
    package static func findings(ending trace: [TraceEvent], rules: RuleSet) -> [Finding] {
        guard let crash = trace.last, crash.name == .appCrash else { return [] }
        return Rules.all.compactMap { rule in
            let severity = rules.severity(of: rule.id)
            guard severity != .off, [RuleID.noCrash, .noHang, .noCrashOnDuplicateCallback].contains(rule.id),
                rule.breaks(crash, rule.memory?.initialState(), RunFacts())
            else { return nil }
            return Finding(rule: rule.id, severity: severity, event: crash, traceSoFar: trace)
        }
    }
}
