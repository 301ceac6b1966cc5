import AdHarness

/// What running one scenario file came to: its verdict, or why the file could not be used.
///
/// The one input of every report format (text, JUnit XML, JSON, Mermaid), so each reads the same facts.
public struct ScenarioResult: Sendable {
    /// The file as reports show it.
    package var file: String
    /// The verdict, or the error that kept the file from running.
    package var outcome: Outcome

    /// A verdict, or a file that could not be read or decoded.
    package enum Outcome: Sendable {
        /// The scenario ran.
        case ran(ScenarioVerdict)
        /// The file could not be read or decoded.
        case unreadable(ScenarioError)
    }

    /// A scenario's result in one word.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Every expectation held and nothing failed.
        case pass
        /// An expectation did not hold, or the run failed.
        case fail
        /// The file could not be read or decoded.
        case bad
    }

    /// The least severe finding that fails the scenario: `.failure` (the default), or `.warning` for a
    /// gate that fails on warnings too (`--fail-on warning`). Every report reads ``status`` through it.
    package var failOn: RuleSeverity

    /// The outcome of one fixture file, as `adharness run` reports it in every format, judged at `failOn`.
    package init(file: String, outcome: Outcome, failOn: RuleSeverity = .failure) {
        self.file = file
        self.outcome = outcome
        self.failOn = failOn
    }

    /// Reads a scenario file and runs it against a glue (by default the reference glue it
    /// describes), checked by `rules` (by default the scenario's, else the glue's), judged at `failOn`.
    package static func run(
        _ file: ScenarioFile, glue: GlueFactory? = nil, rules: RuleSet? = nil, knowing known: RuleSet? = nil, failOn: RuleSeverity = .failure
    ) -> ScenarioResult {
        do {
            let verdict = try file.run(glue: glue, rules: rules, knowing: known ?? rules ?? .standard)
            return ScenarioResult(file: file.displayPath, outcome: .ran(verdict), failOn: failOn)
        } catch {
            return ScenarioResult(file: file.displayPath, outcome: .unreadable(error), failOn: failOn)
        }
    }

    /// Pass, fail, or bad, at ``failOn``.
    package var status: Status {
        switch outcome {
        case .ran(let verdict): verdict.passes(failOn: failOn) ? .pass : .fail
        case .unreadable: .bad
        }
    }

    /// The rules the run warned of and the scenario does not expect, each once, in the order first broken.
    package var rulesWarnedOf: [RuleID] { verdict?.unexpectedWarnings.map(\.rule) ?? [] }

    /// The scenario's name; the file, when it could not be read.
    package var name: String {
        switch outcome {
        case .ran(let verdict): verdict.name
        case .unreadable: file
        }
    }

    /// The verdict, when the scenario ran.
    package var verdict: ScenarioVerdict? {
        if case .ran(let verdict) = outcome { verdict } else { nil }
    }

    /// The error, when the file could not be used.
    public var error: ScenarioError? {
        if case .unreadable(let error) = outcome { error } else { nil }
    }
}
