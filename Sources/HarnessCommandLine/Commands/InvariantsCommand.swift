import AdHarness
import Foundation

/// `adharness invariants [--format text|json]`: every rule's authority, statement, definition and source.
enum InvariantsCommand: Command {
    /// The formats `--format` takes.
    enum Format: String {
        case text, json
    }

    static let name = "invariants"
    static let summary = "Print every rule: whose it is, its severity by default, its exact definition and its source."
    static let help = """
        USAGE: adharness invariants [--format text|json]

        Prints every rule the harness checks on every run: its authority (platform: a documented must of
        Apple, Google or the IAB, a failure; guidance: their advice, a warning; revenue: more private than
        needed, a warning; policy: an app's own choice such as the seed's table, off unless turned on),
        the exact definition (which ground-truth events break it) and the source it comes from. json
        prints the same as a list of objects.
        """

    static let defaults = Format.text

    static let options: [CommandOption<Format>] = [
        .choice("--format", "--format takes text or json") { $0 = $1 }
    ]

    static func argument(_ argument: String, into format: inout Format) -> String? { "invariants takes no arguments" }

    static func run(_ format: Format, _ output: Output) -> Int32 {
        guard format == .text else {
            output.line(json())
            return 0
        }
        for rule in RuleID.allCases {
            output.line(output.colored(rule.rawValue, .green))
            output.line("  authority:  \(rule.authority) (\(rule.authority.defaultSeverity) by default)")
            output.line("  rule:       \(rule.statement)")
            output.line("  definition: \(rule.definition)")
            output.line("  source:     \(rule.source)")
            output.line()
        }
        return 0
    }

    /// Every rule as an object, in the order the text lists them.
    private static func json() -> String {
        struct Entry: Encodable {
            let name, authority, defaultSeverity, rule, definition, source: String
        }
        let entries = RuleID.allCases.map {
            Entry(
                name: $0.rawValue, authority: $0.authority.rawValue, defaultSeverity: $0.authority.defaultSeverity.rawValue,
                rule: $0.statement, definition: $0.definition, source: $0.source
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(entries)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
