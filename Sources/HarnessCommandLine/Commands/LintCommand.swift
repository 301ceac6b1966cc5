import Foundation
import ScenarioRunner

/// `adharness lint [--format text|json|sarif] [--fail-on error|warning|note] [--location KIND] PATH...`.
enum LintCommand: Command {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    static let name = "lint"
    static let summary = "Check an app's Info.plist, privacy manifests and bundled SDKs; `lint --list-rules` lists the rules."
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

    struct Settings {
        var format = Format.text
        var failOn = LintSeverity.error
        var lint = LintOptions()
        var paths: [String] = []
        var listRules = false
    }

    static let defaults = Settings()

    static let options: [CommandOption<Settings>] = [
        .choice("--format", "--format takes text, json or sarif") { $0.format = $1 },
        .choice("--fail-on", "--fail-on takes error, warning or note") { $0.failOn = $1 },
        .choice("--location", "--location takes when-in-use or always") { (settings, value: LintOptions.LocationRequest) in
            settings.lint.locationRequests.insert(value)
        },
        // Lists the rules and reads no further, whatever follows.
        .flag("--list-rules") { settings -> CommandOption<Settings>.Outcome in
            settings.listRules = true
            return .stop
        },
    ]

    static func argument(_ argument: String, into settings: inout Settings) -> String? {
        settings.paths.append(argument)
        return nil
    }

    static func validate(_ settings: inout Settings) -> String? {
        settings.listRules || !settings.paths.isEmpty ? nil : "lint takes at least one file or folder"
    }

    static func run(_ settings: Settings, _ output: Output) -> Int32 {
        if settings.listRules {
            output.line(LintTextReport(usesColor: output.usesColor).rules())
            return 0
        }
        let (format, failOn, lintOptions, paths) = (settings.format, settings.failOn, settings.lint, settings.paths)
        let report = ConfigurationLinter(options: lintOptions).lint(paths: paths)
        switch format {
        case .text: output.line(LintTextReport(usesColor: output.usesColor).text(for: report, failOn: failOn))
        case .json: output.line(LintJSONReport.json(for: report, failOn: failOn))
        case .sarif: output.line(SARIFReport.json(for: report, toolVersion: HarnessCommandLine.version))
        }
        return report.exitCode(failOn: failOn)
    }
}
