import AdHarness

/// `adharness invariants`: every invariant's rule, definition and source.
enum InvariantsCommand: PlainCommand {
    static let name = "invariants"
    static let summary = "Print every safety invariant: its rule, its exact definition and its source."
    static let help = """
    USAGE: adharness invariants

    Prints every safety invariant the harness checks on every run, with the exact definition (which
    ground-truth events break it) and the source it comes from.
    """

    static func run(_ arguments: [String], _ output: Output) -> Int32 {
        guard arguments.isEmpty else { return output.usageError("invariants takes no arguments", help: help) }
        for invariant in Invariant.allCases {
            output.line(output.colored(invariant.rawValue, .green))
            output.line("  rule:       \(invariant.rule)")
            output.line("  definition: \(invariant.definition)")
            output.line("  source:     \(invariant.source)")
            output.line()
        }
        return 0
    }
}
