import ScenarioRunner

/// `adharness table [--format markdown|json]`.
enum TableCommand {
    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        var format = "markdown"
        var profile = "current"
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
            case "--profile":
                guard let value = remaining.popFirst(), ["current", "tcf", "legacy"].contains(value) else {
                    return output.usageError("--profile takes current, tcf or legacy", help: HelpText.table)
                }
                profile = value
            case let option where option.hasPrefix("-"):
                return output.unknownOption(option, command: "table", known: ["--format", "--profile", "--help"], help: HelpText.table)
            default:
                return output.usageError("unexpected argument \(argument) for table", help: HelpText.table)
            }
        }
        switch (profile, format) {
        case ("legacy", "json"): output.line(LegacyDecisionTableReport.json)
        case ("legacy", _): output.line(LegacyDecisionTableReport.markdown)
        case ("tcf", "json"): output.line(TCFDecisionTableReport.json)
        case ("tcf", _): output.line(TCFDecisionTableReport.markdown)
        case (_, "json"): output.line(DecisionTableReport.json)
        default: output.line(DecisionTableReport.markdown)
        }
        return 0
    }
}
