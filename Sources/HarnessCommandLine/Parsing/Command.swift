/// A command of the tool: its name, its help, its options, and what it does, declared in its own
/// file so that each option is written once and the parsing, the "did you mean" hints and the help
/// all read the same declaration.
protocol Command {
    /// What the command's options and arguments set.
    associatedtype Settings

    /// The word that selects the command: `adharness NAME`.
    static var name: String { get }
    /// One line for the overview's command list.
    static var summary: String { get }
    /// The text `adharness NAME --help` prints.
    static var help: String { get }
    /// The settings before any argument is read.
    static var defaults: Settings { get }
    /// Every option but `--help`, in the order the hints consider them.
    static var options: [CommandOption<Settings>] { get }

    /// Takes an argument that is not an option; returns a problem to refuse it.
    static func argument(_ argument: String, into settings: inout Settings) -> String?
    /// Checks the settings once every argument is read; returns a problem to refuse them.
    static func validate(_ settings: inout Settings) -> String?
    /// Runs the command; returns the exit code.
    static func run(_ settings: Settings, _ output: Output) -> Int32
    /// The entry point `main.swift` calls: by default ``parseAndRun(_:_:)``.
    static func main(_ arguments: [String], _ output: Output) -> Int32
}

extension Command {
    static func argument(_ argument: String, into settings: inout Settings) -> String? {
        "unexpected argument \(argument) for \(name)"
    }

    static func validate(_ settings: inout Settings) -> String? { nil }

    static func main(_ arguments: [String], _ output: Output) -> Int32 { parseAndRun(arguments, output) }

    /// Reads the arguments in order: `--help` (or `-h`) prints the help, an option takes its value
    /// from the next argument when it has one, a word that starts with `-` and names no option is
    /// refused with the nearest option's name, and anything else is an argument. The first problem
    /// ends the parse with a usage error (exit 2).
    static func parseAndRun(_ arguments: [String], _ output: Output) -> Int32 {
        var settings = defaults
        var remaining = arguments[...]
        parsing: while let word = remaining.popFirst() {
            if word == "--help" || word == "-h" {
                output.help(help)
                return 0
            }
            let problem: String?
            if let option = options.first(where: { $0.name == word }) {
                switch option.apply(&settings, option.takesValue ? remaining.popFirst() : nil, output) {
                case .next: problem = nil
                case .refuse(let message): problem = message
                case .stop: break parsing
                }
            } else if word.hasPrefix("-") {
                return output.unknownOption(word, command: name, known: options.map(\.name) + ["--help"], help: help)
            } else {
                // A command's arguments are paths: "" is none (an unset shell variable, as a rule), and
                // read as a path it would name the working folder. The parse ends here either way.
                problem =
                    argument(word, into: &settings)
                    ?? (word.isEmpty ? "expected a file or folder, found an empty argument (an unset shell variable?)" : nil)
            }
            if let problem { return output.usageError(problem, help: help) }
        }
        if let problem = validate(&settings) { return output.usageError(problem, help: help) }
        return run(settings, output)
    }
}

/// The commands that take no options: only `--help`, anywhere among their arguments.
protocol PlainCommand: Command where Settings == [String] {}

extension PlainCommand {
    static var defaults: [String] { [] }
    static var options: [CommandOption<[String]>] { [] }

    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            output.line(help)
            return 0
        }
        return run(arguments, output)
    }
}
