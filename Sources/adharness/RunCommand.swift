import Foundation
import ScenarioRunner

/// `adharness run [--format text|junit|json] [PATH...]`.
enum RunCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case text, junit, json
    }

    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        var format = Format.text
        var paths: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                output.line(HelpText.run)
                return 0
            case "--format":
                guard let value = remaining.popFirst().flatMap(Format.init(rawValue:)) else {
                    return output.usageError("--format takes text, junit or json", help: HelpText.run)
                }
                format = value
            case let option where option.hasPrefix("-"):
                return output.unknownOption(option, command: "run", known: ["--format", "--help"], help: HelpText.run)
            default:
                paths.append(argument)
            }
        }
        let files: [ScenarioFile]
        if paths.isEmpty {
            // The bundled scenarios read as `Fixtures/...` wherever they are installed.
            do {
                files = try ScenarioFile.files(in: [FixtureFiles.locateBundled().path])
                    .map { ScenarioFile(url: $0.url, displayPath: "Fixtures/" + $0.displayPath) }
            } catch {
                output.error("adharness: \(error.description)")
                return 2
            }
            paths = ["Fixtures"]
        } else {
            do { files = try FixtureFiles.scenarioFiles(in: paths).map { ScenarioFile(url: $0, displayPath: displayPath($0)) } } catch {
                return output.usageError(error.description, help: HelpText.run)
            }
        }
        guard !files.isEmpty else {
            output.error("adharness: no scenario files in \(paths.joined(separator: ", "))")
            return 2
        }
        let results: [ScenarioResult]
        switch format {
        case .text:
            // Each line goes out as soon as its scenario is known, so a crash later keeps it.
            let report = TextReport(usesColor: output.usesColor)
            results = files.map { file in
                let result = ScenarioResult.run(file)
                output.line(report.lines(for: result))
                return result
            }
            output.line(report.summary(RunSummary(results)))
        case .junit:
            results = files.map { ScenarioResult.run($0) }
            output.line(JUnitReport().xml(for: results))
        case .json:
            results = files.map { ScenarioResult.run($0) }
            output.line(JSONReport.json(for: results))
        }
        return RunSummary(results).exitCode
    }

    /// The path relative to the working directory when it is inside it.
    static func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(cwd) ? String(url.path.dropFirst(cwd.count)) : url.path
    }
}
