import AdHarness
import StandInRuntime

extension Scenario {
    /// The verdict of a run whose worker process died (the app trapped, or stopped answering and was
    /// ended): the trace as far as the worker sent it, ended by the crash its supervisor records, and
    /// the crash rules' findings under `rules` (else the scenario's, else the glue's).
    ///
    /// Only `crash`, `violation` and `warnings` are checked: the run's end never came, so what the
    /// other expectations read does not exist, and each one the scenario holds is a mismatch saying
    /// so. Findings the run made before it died are in its trace, not in the verdict.
    package func verdict(dying death: ProcessDeath, events: [TraceEvent], glue: GlueFactory?, rules: RuleSet?) -> ScenarioVerdict {
        let ruleSet = rules ?? self.rules ?? (runsWithoutGlue ? GlueFactory.noGlue : glue ?? referenceGlue).defaultRules
        let trace = death.trace(after: events)
        let findings = ProcessDeath.findings(ending: trace, rules: ruleSet)
        let violations = findings.filter { $0.severity == .failure }
        let warnings = findings.filter { $0.severity == .warning }
        var failure = violations.first.map(HarnessFailure.invariantViolated)
        var mismatches: [Mismatch] = []
        let died = "the app's process died (\(death.reason.rawValue)) in step \(death.step ?? "setup")"
        func mismatch(_ expectation: String, _ expected: String, _ actual: String) {
            mismatches.append(Mismatch(expectation: expectation, expected: expected, actual: actual, divergence: trace.count - 1))
        }
        if let expected = expect.violation {
            if violations.contains(where: { $0.rule == expected }) {
                failure = nil
            } else if failure == nil {
                mismatch("expect.violation", expected.rawValue, "no violation")
            }
        }
        switch expect.crash {
        case .none?: mismatch("expect.crash", "none", death.reason.rawValue)
        case .crashed(let reason)? where reason != death.reason: mismatch("expect.crash", reason.rawValue, death.reason.rawValue)
        case .crashed?, nil: break
        }
        if let expected = expect.warnings {
            var seen: [String] = []
            for warning in warnings where !seen.contains(warning.rule.rawValue) { seen.append(warning.rule.rawValue) }
            let wanted = expected.map(\.rawValue)
            if seen != wanted {
                mismatch("expect.warnings", wanted.isEmpty ? "none" : wanted.joined(separator: ", "), seen.isEmpty ? "none" : seen.joined(separator: ", "))
            }
        }
        for key in expect.keysReadAtTheEnd { mismatch("expect.\(key)", "checked at the run's end", died) }
        return ScenarioVerdict(
            name: name, trace: trace, mismatches: mismatches, failure: failure, violations: violations, warnings: warnings, rules: ruleSet,
            expectedWarnings: expect.warnings ?? [])
    }
}

extension Expectations {
    /// The expectations given that read what a run leaves at its end (all but `crash`, `violation`
    /// and `warnings`), by key.
    var keysReadAtTheEnd: [String] {
        let given: [(CodingKeys, Bool)] = [
            (.final, final != nil), (.adRequests, adRequests != nil), (.everyAdRequest, everyAdRequest != nil),
            (.trackingPrompts, trackingPrompts != nil), (.consentForms, consentForms != nil), (.trace, trace != nil),
            (.errors, errors != nil), (.refusals, refusals != nil), (.pending, pending != nil), (.nothingLeft, nothingLeft != nil),
        ]
        return given.filter(\.1).map(\.0.rawValue)
    }
}

extension ScenarioVerdict {
    /// A verdict of its parts, as a worker process's answer is read back.
    package static func of(
        name: String, trace: [TraceEvent], mismatches: [Mismatch], failure: HarnessFailure?, violations: [Finding],
        warnings: [Finding], rules: RuleSet, expectedWarnings: [RuleID]
    ) -> ScenarioVerdict {
        ScenarioVerdict(
            name: name, trace: trace, mismatches: mismatches, failure: failure, violations: violations, warnings: warnings, rules: rules,
            expectedWarnings: expectedWarnings)
    }
}

extension Mismatch {
    /// A mismatch of its parts, as a worker process's answer is read back.
    package static func of(expectation: String, expected: String, actual: String, divergence: Int?) -> Mismatch {
        Mismatch(expectation: expectation, expected: expected, actual: actual, divergence: divergence)
    }
}
