import AdHarness
import AdRequestKit
import StandInRuntime

extension Scenario {
    /// Runs every step against a glue on a simulated app, on virtual time, stops at the first
    /// failure, finishes the run, and compares the outcome with `expect`.
    ///
    /// With no glue given, the scenario runs against the reference glue set up as it says (`app`,
    /// `consentProfile`); one that says `"glue": "none"` runs no glue, whichever is given. Another glue runs only scenarios that need nothing but ground truth: one
    /// that checks the reference glue fails at once, naming why. The rules are `rules` if given,
    /// else the scenario's (`"rules"`), else the glue's own (`RuleSet.standard` for a team's glue, the
    /// strict set for the reference glue).
    public func run(glue: GlueFactory? = nil, rules: RuleSet? = nil) -> ScenarioVerdict {
        run(glue: glue, rules: rules, observing: nil)
    }

    /// ``run(glue:rules:)``, its trace told to `observer` as the run is set up (a worker process's stream).
    package func run(glue: GlueFactory?, rules: RuleSet?, observing observer: (@Sendable (Trace) -> Void)?) -> ScenarioVerdict {
        if let glue, !glue.isReference, let reason = referenceGlueReasons.first {
            let problem =
                "this scenario checks the reference glue (\(referenceGlueReasons.joined(separator: ", "))), "
                + "so it does not run against \(glue.name); \(reason) needs the reference glue"
            return ScenarioVerdict(name: name, trace: [], mismatches: [], failure: .invalidSetup(problem))
        }
        let app: SimulatedApp
        do {
            app = try makeApp(glue: runsWithoutGlue ? .noGlue : glue ?? referenceGlue, rules: rules, observing: observer)
        } catch {
            return ScenarioVerdict(name: name, trace: [], mismatches: [], failure: error)
        }
        // The run goes on past a failure and records every one, so a team sees the bugs behind the
        // first; a scenario that pins one expected violation stops at it, as it was written to.
        app.stopsAtFirstFailure = expect.violation != nil
        var failure: HarnessFailure?
        for (index, step) in steps.enumerated() {
            do { try app.perform(step, at: site(ofStep: index)) } catch {
                failure = error
                break
            }
        }
        var leftovers: Leftovers?
        if failure == nil {
            do { leftovers = try app.finish(at: finishSite) } catch { failure = error }
        } else {
            // The verdict is the failure: the run ends here, and is not finished later when the app goes.
            app.abandon()
        }
        // A run stopped by a failure (an expected violation among them) still reports what it left.
        // The expectations read what the run's own steps did: the harness's probe of the privacy-options
        // entry point comes after the run's end, and is the rules' business.
        let events = app.trace.events
        var check = ExpectationCheck(app: app, trace: Array(events.prefix(app.probeStart ?? events.count)), leftovers: leftovers ?? app.leftovers)
        // Every failure of the run, in order; the first one is the verdict's failure.
        // Each names the step that broke the rule and the fixture's line that wrote it.
        let violations = app.findings.filter { $0.severity == .failure }.map(app.locating)
        if failure == nil, let first = violations.first { failure = .invariantViolated(first) }
        if let expected = expect.violation {
            if case .invariantViolated? = failure, violations.contains(where: { $0.rule == expected }) {
                failure = nil
            } else if failure == nil {
                check.mismatch("expect.violation", expected: expected.rawValue, actual: "no violation")
            }
        }
        check.all(expect)
        return ScenarioVerdict(
            name: name, trace: events, mismatches: check.mismatches, failure: failure, violations: violations,
            warnings: app.warnings.map(app.locating), rules: app.checker.rules, expectedWarnings: expect.warnings ?? []
        )
    }

    /// Runs the scenario against your glue, given as `MyGlue.init`, as `SimulatedApp(glue:)` takes it.
    public func run<Glue: ConsentGlue>(glue: @escaping @Sendable (AppPorts) -> Glue, rules: RuleSet? = nil) -> ScenarioVerdict {
        run(glue: GlueFactory(glue), rules: rules)
    }

    /// Runs the scenario against your async glue, given as `MyConsentManager.init`.
    @available(macOS 15.0, iOS 18.0, *)
    public func run<Glue: AsyncConsentGlue>(glue: @escaping @MainActor @Sendable (AppPorts) -> Glue, rules: RuleSet? = nil) -> ScenarioVerdict {
        run(glue: GlueFactory(glue), rules: rules)
    }

    /// The reference glue set up as the scenario says (`app`, `consentProfile`).
    package var referenceGlue: GlueFactory {
        .reference(consent: consent, configuration: app.configuration, mistakes: app.mistakes)
    }

    /// A simulated app in the scenario's world (device, previous session, user, faults), hosting a
    /// glue, checked by `rules`, else the scenario's rules, else the glue's.
    package func makeApp(glue: GlueFactory, rules: RuleSet? = nil, observing observer: (@Sendable (Trace) -> Void)? = nil) throws(HarnessFailure)
        -> SimulatedApp
    {
        try SimulatedApp(glue: glue, setup: setup, rules: rules ?? self.rules, observing: observer)
    }
}
