import ScenarioRunner

/// `adharness table [--format markdown|json] [--profile current|tcf|legacy]`.
enum TableCommand: Command {
    /// The formats `--format` takes.
    enum Format: String {
        case markdown, json
    }

    /// The tables `--profile` takes.
    enum Profile: String {
        case current, tcf, legacy
    }

    static let name = "table"
    static let summary = "Print the tracking x consent decision table, computed by the real decision code."
    static let help = """
        USAGE: adharness table [--format markdown|json] [--profile current|tcf|legacy]

        Prints every tracking x consent status (and an unknown raw value of each) with both outputs,
        computed by calling the real decision code. Markdown by default. --profile current is the seed
        table; --profile tcf adds whether the TCF signals allow personalized ads (the reference glue's
        default); --profile legacy prints the legacy consent SDK's table: status x region x the app's
        personalized-ads preference.
        """

    struct Settings {
        var format = Format.markdown
        var profile = Profile.current
    }

    static let defaults = Settings()

    static let options: [CommandOption<Settings>] = [
        .choice("--format", "--format takes markdown or json") { $0.format = $1 },
        .choice("--profile", "--profile takes current, tcf or legacy") { $0.profile = $1 },
    ]

    static func run(_ settings: Settings, _ output: Output) -> Int32 {
        switch (settings.profile, settings.format) {
        case (.legacy, .json): output.line(LegacyDecisionTableReport.json)
        case (.legacy, .markdown): output.line(LegacyDecisionTableReport.markdown)
        case (.tcf, .json): output.line(TCFDecisionTableReport.json)
        case (.tcf, .markdown): output.line(TCFDecisionTableReport.markdown)
        case (.current, .json): output.line(DecisionTableReport.json)
        case (.current, .markdown): output.line(DecisionTableReport.markdown)
        }
        return 0
    }
}
