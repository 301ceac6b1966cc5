import AdHarness

/// One option of a command: how it is spelled, whether it takes a value, and what it sets.
struct CommandOption<Settings>: Sendable {
    /// What reading the option leads to.
    enum Outcome: Sendable {
        /// Go on with the next argument.
        case next
        /// Refuse the arguments with this problem (a usage error, exit 2).
        case refuse(String)
        /// Read no further: run the command with what is set.
        case stop
    }

    /// The option as it is typed: `--format`.
    let name: String
    /// Whether the next argument is its value.
    let takesValue: Bool
    /// Sets what the option says, from its value (`nil` when it takes none, or none was given), and
    /// what the tool knows (the rules of a team's its names may refer to).
    let apply: @Sendable (inout Settings, String?, Output) -> Outcome

    /// An option that takes the next argument as its value; `set` returns a problem to refuse it.
    static func value(_ name: String, _ set: @escaping @Sendable (inout Settings, String?) -> String?) -> CommandOption {
        CommandOption(name: name, takesValue: true) { settings, value, _ in set(&settings, value).map(Outcome.refuse) ?? .next }
    }

    /// An option that takes one of a fixed set of words; anything else is refused with `problem`.
    static func choice<Value: RawRepresentable & Sendable>(
        _ name: String, _ problem: String, _ set: @escaping @Sendable (inout Settings, Value) -> Void
    ) -> CommandOption where Value.RawValue == String {
        let parse: @Sendable (String) -> Value? = { Value(rawValue: $0) }
        return value(name) { settings, text in
            guard let chosen = text.flatMap(parse) else { return problem }
            set(&settings, chosen)
            return nil
        }
    }

    /// An option that takes no value.
    static func flag(_ name: String, _ set: @escaping @Sendable (inout Settings) -> Outcome) -> CommandOption {
        CommandOption(name: name, takesValue: false) { settings, _, _ in set(&settings) }
    }

    /// An option that takes no value and only sets something.
    static func flag(_ name: String, _ set: @escaping @Sendable (inout Settings) -> Void) -> CommandOption {
        flag(name) { (settings: inout Settings) -> Outcome in
            set(&settings)
            return .next
        }
    }
}

extension CommandOption {
    /// `--rules PRESET[,RULE=SEVERITY...]`: the rules a run is checked by (``RuleSet/init(parsing:knowing:)``),
    /// a team's rules read against those the tool knows.
    static func rules(_ set: @escaping @Sendable (inout Settings, RuleSet) -> Void) -> CommandOption {
        CommandOption(name: "--rules", takesValue: true) { settings, text, output in
            guard let text else {
                return .refuse("--rules takes standard, seed or strict, then RULE=SEVERITY pairs, such as seed,adLoadsBackOff=failure")
            }
            do { set(&settings, try RuleSet(parsing: text, knowing: output.knownRules)) } catch { return .refuse("--rules: \(error)") }
            return .next
        }
    }

    /// The help's paragraph on `--rules`, the same for every command that takes it.
    static var rulesHelp: String {
        """
        --rules picks the rules a run is checked by: standard (the platforms' musts fail, their advice
        and lost revenue warn, an app's own policy is off), seed (the seed app's policy too) or strict
        (every rule a failure), then RULE=SEVERITY pairs (failure, warning, off); by default a
        scenario's own "rules", else strict for the reference glue. `adharness invariants` lists them.
        """
    }
}

extension CommandOption {
    /// `--glue NAME`: one of the glues the tool was given (`HarnessCommandLine.main(glues:)`).
    static func glue(_ set: @escaping @Sendable (inout Settings, String) -> Void) -> CommandOption {
        value("--glue") { settings, text in
            guard let text else { return "--glue takes the name of one of the tool's glues" }
            set(&settings, text)
            return nil
        }
    }

    /// The help's paragraph on `--glue`, the same for every command that takes it.
    static var glueHelp: String {
        """
        --glue NAME runs a glue the tool was built with (a team's tool: HarnessCommandLine.main(glues:))
        instead of the reference glue; a tool with one glue runs it without --glue, one with several asks
        which. Without PATHs, `run` on a team's glue takes the bundled scenarios for any glue.
        """
    }
}

extension CommandOption {
    /// `--fail-on failure|warning`: the least severe finding that makes the exit code 1.
    static func failOn(_ set: @escaping @Sendable (inout Settings, RuleSeverity) -> Void) -> CommandOption {
        value("--fail-on") { settings, text in
            guard let text, let level = RuleSeverity(rawValue: text), level != .off else { return "--fail-on takes failure or warning" }
            set(&settings, level)
            return nil
        }
    }

    /// The help's paragraph on `--fail-on`, the same for every command that takes it.
    static var failOnHelp: String {
        """
        --fail-on failure (the default) exits 1 on a failure only; --fail-on warning exits 1 on a warning
        too, the gate the CI recipes recommend. Warnings are counted and printed either way.
        """
    }
}
