import Foundation
import ScenarioRunner

/// `adharness fuzz`: runs mutated copies of scenario files and reports any that crash, hang or are
/// refused without a clear error.
enum FuzzCommand {
    static let options = ["--count", "--seed", "--from", "--help"]

    static func main(_ arguments: [String], _ output: Output) -> Int32 {
        var count = 10_000, seed: UInt64 = 1, from = 0
        var paths: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                output.line(HelpText.fuzz)
                return 0
            case "--count", "--from":
                guard let value = remaining.popFirst().flatMap(Int.init), value >= (argument == "--count" ? 1 : 0), value <= 100_000_000 else {
                    return output.usageError("\(argument) takes a whole number (--count at least 1)", help: HelpText.fuzz)
                }
                if argument == "--count" { count = value } else { from = value }
            case "--seed":
                guard let value = remaining.popFirst().flatMap({ UInt64($0) }) else {
                    return output.usageError("--seed takes a whole number from 0 to \(UInt64.max)", help: HelpText.fuzz)
                }
                seed = value
            case let option where option.hasPrefix("-"):
                return output.unknownOption(option, command: "fuzz", known: options, help: HelpText.fuzz)
            default:
                paths.append(argument)
            }
        }
        let fuzzer: FixtureFuzzer
        do {
            fuzzer = try FixtureFuzzer(files: ScenarioFile.files(in: paths.isEmpty ? [FixtureFiles.locateBundled().path] : paths))
        } catch {
            output.error("adharness: \(error)")
            return 2
        }
        // Progress goes out as it happens: if a copy crashes the process, the last line names the
        // batch to replay with --from.
        let batch = 1_000
        let summary = fuzzer.run(seed: seed, range: from..<(from + count)) { result in
            if let reason = result.unclearRejection { output.line("UNCLEAR  #\(result.index): \(reason)") }
            if (result.index - from + 1) % batch == 0 { output.line("... \(result.index - from + 1) of \(count) copies") }
        }
        output.line(summary.description)
        output.line("replay one copy: adharness fuzz --seed \(seed) --from INDEX --count 1")
        return summary.unclear.isEmpty ? 0 : 1
    }
}
