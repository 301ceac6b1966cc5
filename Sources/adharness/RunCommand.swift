import Foundation
import ScenarioRunner

/// `adharness run [PATH...]`.
enum RunCommand {
    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            output.line(HelpText.run)
            return 0
        }
        if let option = arguments.first(where: { $0.hasPrefix("-") }) {
            return output.usageError("unknown option \(option) for run", help: HelpText.run)
        }
        let paths = arguments.isEmpty ? [FixtureFiles.bundledDirectory.path] : arguments
        let files: [URL]
        do { files = try FixtureFiles.scenarioFiles(in: paths) } catch {
            return output.usageError(error.description, help: HelpText.run)
        }
        guard !files.isEmpty else {
            output.error("adharness: no scenario files in \(paths.joined(separator: ", "))")
            return 2
        }
        var passed = 0, failed = 0, malformed = 0
        for file in files {
            let shown = displayPath(file)
            let scenario: Scenario
            do { scenario = try Scenario.load(from: file, displayPath: shown) } catch {
                malformed += 1
                output.line("\(output.colored("BAD ", .yellow))  \(error.description)")
                continue
            }
            let verdict = ScenarioRunner.run(scenario)
            if verdict.passed {
                passed += 1
                output.line("\(output.colored("PASS", .green))  \(shown)  \(output.colored(scenario.name, .dim))")
            } else {
                failed += 1
                output.line("\(output.colored("FAIL", .red))  \(shown)  \(scenario.name)")
                output.line(verdict.report.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }.joined(separator: "\n"))
            }
        }
        output.line("\(passed) passed, \(failed) failed" + (malformed > 0 ? ", \(malformed) could not be read" : ""))
        return malformed > 0 ? 2 : failed > 0 ? 1 : 0
    }

    /// The path relative to the working directory when it is inside it.
    static func displayPath(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(cwd) ? String(url.path.dropFirst(cwd.count)) : url.path
    }
}
