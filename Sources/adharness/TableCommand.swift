import ScenarioRunner

/// `adharness table [--format markdown|json]`.
enum TableCommand {
    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        var format = "markdown"
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                output.line(HelpText.table)
                return 0
            case "--format":
                guard let value = remaining.popFirst(), ["markdown", "json"].contains(value) else {
                    return output.usageError("--format takes markdown or json", help: HelpText.table)
                }
                format = value
            default:
                return output.usageError("unexpected argument \(argument) for table", help: HelpText.table)
            }
        }
        output.line(format == "json" ? DecisionTableReport.json : DecisionTableReport.markdown)
        return 0
    }
}
