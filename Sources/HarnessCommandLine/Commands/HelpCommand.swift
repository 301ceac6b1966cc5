/// `adharness help [COMMAND]`, `adharness --help`: the overview, or one command's help.
enum HelpCommand: PlainCommand {
    static let name = "help"
    static let summary = "Print this overview, or a command's help."
    static var help: String { overview }

    /// Every command's usage at a glance, what the tool does, and each command's summary.
    static var overview: String {
        let commands = Commands.all.filter { $0.name != name }
        let list = commands.map { command in
            "  " + command.name.padding(toLength: max(9, command.name.count + 2), withPad: " ", startingAt: 0) + command.summary
        }
        return """
            USAGE: adharness [run] [--format text|junit|json] [--rules RULES] [PATH...]
                   adharness table [--format markdown|json] [--profile current|tcf|legacy]
                   adharness trace FILE [--format text|json|mermaid] [--rules RULES]
                   adharness trace --names
                   adharness invariants [--format text|json]
                   adharness explore [SCENARIO.json] [--depth N] [--random RUNS [--seed S]] [--max-faults N]
                                     [--vary-device] [--stop-at-first] [--leave-out LIST] [--shard K/N] [--out DIR]
                                     [--format text|json] [--expect-violation] [--rules RULES]
                   adharness bench [--repeat N] [--depth N] [PATH...]
                   adharness fuzz [--count N] [--seed S] [--from K] [PATH...]
                   adharness contracts [--format text|json]
                   adharness tcf decode STRING | tcf rules
                   adharness lint [--format text|json|sarif] [--fail-on error|warning|note] PATH...
                   adharness --version

            Runs consent scenario fixtures on a simulated device, on virtual time.

            COMMANDS:

            """ + list.joined(separator: "\n") + """


                Run `adharness COMMAND --help` for a command's options.
                Exit codes: 0 all passed, 1 a scenario failed, 2 bad input or usage.
                """
    }

    static func run(_ arguments: [String], _ output: Output) -> Int32 {
        output.help(Commands.all.first { $0.name == arguments.first && $0.name != name }?.help() ?? overview)
        return 0
    }
}
