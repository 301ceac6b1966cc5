import AdHarness

/// `adharness invariants`: every invariant's rule, definition and source.
enum InvariantsCommand {
    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            output.line(HelpText.invariants)
            return 0
        }
        guard arguments.isEmpty else { return output.usageError("invariants takes no arguments", help: HelpText.invariants) }
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
