import Foundation
import ScenarioRunner

/// `adharness lint [--format text|json|sarif] [--fail-on error|warning|note] [--location KIND] PATH...`.
enum LintCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    static let options = ["--format", "--fail-on", "--location", "--list-rules", "--help"]

    static let help = """
    USAGE: adharness lint [--format text|json|sarif] [--fail-on error|warning|note]
                          [--location when-in-use|always] PATH...
           adharness lint --list-rules

    Checks an app's configuration for what crashes it, gets it rejected, or breaks attribution or
    consent. Each PATH is an Info.plist, a .xcprivacy privacy manifest, or a folder (an app's source
    tree or a built .app) searched for Info.plist and PrivacyInfo.xcprivacy files and for bundled
    SDKs (.framework, .xcframework, Pods/NAME). XML and binary property lists are read.
      text   (default) file:line: severity RULE key: message, with why and fix under it.
      json   {"files", "findings", "unreadable", "summary"}, each finding with its rule's fields.
      sarif  SARIF 2.1.0, for GitHub code scanning and other CI viewers.
    --location says which location authorizations the app requests (repeatable); by default the
    Info.plist's own keys say. --list-rules prints every rule with its consequence and source.
    Exit codes: 0 no finding at or above --fail-on (default error), 1 some, 2 an input could not be
    read (named with where it broke) or bad usage.
    """

    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        var format = Format.text, failOn = LintSeverity.error
        var lintOptions = LintOptions()
        var paths: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                output.line(help)
                return 0
            case "--list-rules":
                output.line(LintTextReport(usesColor: output.usesColor).rules())
                return 0
            case "--format":
                guard let value = remaining.popFirst().flatMap(Format.init(rawValue:)) else {
                    return output.usageError("--format takes text, json or sarif", help: help)
                }
                format = value
            case "--fail-on":
                guard let value = remaining.popFirst().flatMap(LintSeverity.init(rawValue:)) else {
                    return output.usageError("--fail-on takes error, warning or note", help: help)
                }
                failOn = value
            case "--location":
                guard let value = remaining.popFirst().flatMap(LintOptions.LocationRequest.init(rawValue:)) else {
                    return output.usageError("--location takes when-in-use or always", help: help)
                }
                lintOptions.locationRequests.insert(value)
            case let option where option.hasPrefix("-"):
                return output.unknownOption(option, command: "lint", known: options, help: help)
            default:
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { return output.usageError("lint takes at least one file or folder", help: help) }
        let report = ConfigurationLinter(options: lintOptions).lint(paths: paths)
        switch format {
        case .text: output.line(LintTextReport(usesColor: output.usesColor).text(for: report, failOn: failOn))
        case .json: output.line(LintJSONReport.json(for: report, failOn: failOn))
        case .sarif: output.line(SARIFReport.json(for: report, toolVersion: version))
        }
        return report.exitCode(failOn: failOn)
    }
}
