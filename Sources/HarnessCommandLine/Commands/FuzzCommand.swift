import Foundation
import ScenarioRunner

/// `adharness fuzz`: runs mutated copies of scenario files and reports any that crash, hang or are
/// refused without a clear error.
enum FuzzCommand: Command {
    static let name = "fuzz"
    static let summary = "Run mutated copies of scenario files; report any refused without a clear error."
    static let help = """
        USAGE: adharness fuzz [--count N] [--seed S] [--from K] [PATH...]

        Makes N (default 10000) broken and strange copies of the scenario files in PATH (default the
        bundled Fixtures/): bytes flipped, cut, repeated or spliced, strings and numbers swapped, deep
        nesting, huge numbers, bad encodings. Each copy is decoded and run. Each must end in a verdict or
        in an error naming its line, column and JSON path and what was expected; any other error is
        printed as UNCLEAR. A crash or a hang shows as the process dying or stalling after the last
        progress line. The same --seed (default 1) gives the same copies; copy K of a seed is replayed
        alone with --from K --count 1.

        Exit codes: 0 every copy ended clearly, 1 some copy was refused unclearly, 2 bad usage.
        """

    struct Settings {
        var count = 10_000
        var seed: UInt64 = 1
        var from = 0
        var paths: [String] = []
    }

    static let defaults = Settings()

    static let options: [CommandOption<Settings>] = [
        .value("--count") { settings, text in
            guard let value = copyNumber(text, minimum: 1) else { return "--count takes a whole number (--count at least 1)" }
            settings.count = value
            return nil
        },
        .value("--seed") { settings, text in
            guard let value = text.flatMap({ UInt64($0) }) else { return "--seed takes a whole number from 0 to \(UInt64.max)" }
            settings.seed = value
            return nil
        },
        .value("--from") { settings, text in
            guard let value = copyNumber(text, minimum: 0) else { return "--from takes a whole number (--count at least 1)" }
            settings.from = value
            return nil
        },
    ]

    /// A copy count or index: a whole number from `minimum` to 100,000,000.
    private static func copyNumber(_ text: String?, minimum: Int) -> Int? {
        text.flatMap(Int.init).flatMap { $0 >= minimum && $0 <= 100_000_000 ? $0 : nil }
    }

    static func argument(_ argument: String, into settings: inout Settings) -> String? {
        settings.paths.append(argument)
        return nil
    }

    static func run(_ settings: Settings, _ output: Output) -> Int32 {
        let (count, seed, from, paths) = (settings.count, settings.seed, settings.from, settings.paths)
        let fuzzer: FixtureFuzzer
        do {
            fuzzer = try FixtureFuzzer(files: ScenarioFile.files(in: paths.isEmpty ? [FixtureFiles.locateBundled().path] : paths))
        } catch {
            output.failure("\(error)")
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
        output.line("replay one copy: \(output.toolName) fuzz --seed \(seed) --from INDEX --count 1")
        return summary.unclear.isEmpty ? 0 : 1
    }
}
