import AdHarness
import Foundation
import ScenarioRunner
import StandInRuntime
import Testing

/// The runner's promise on inputs nobody wrote by hand: every broken copy of a bundled fixture
/// ends in a verdict or a clear error. A crash or a hang here fails the whole test run.
///
/// The longer run is `adharness fuzz --count 100000` (see the command-line article, Sources/AdHarness/AdHarness.docc/CommandLine.md).
@Suite("Fuzzing the runner with broken fixtures")
struct FuzzTests {
    @Test("2,000 mutated copies of the bundled fixtures each end in a verdict or a clear error")
    func mutatedFixturesEndClearly() throws {
        let fuzzer = try FixtureFuzzer(files: ScenarioFile.bundled(for: .referenceGlue))

        let summary = fuzzer.run(seed: 2026, range: 0..<2_000)

        #expect(summary.unclear.isEmpty, "\(summary.unclear.prefix(5).map(\.reason))")
        #expect(summary.count == 2_000)
        // The copies reach every outcome: refused by the parser or decoder, and run to a verdict.
        #expect(summary.rejected > 0)
        #expect(summary.passed > 0)
        #expect(summary.failed > 0)
    }

    @Test("the mutator inserts every step the format spells as a string, close among them, and orders around close")
    func mutatorKnowsEveryStep() {
        let tokens = Set(FixtureMutator.tokens)
        #expect(Step.named.map { "\"\($0.0)\"" }.filter { !tokens.contains($0) } == [])
        #expect(FixtureMutator.tokens.contains { $0.hasPrefix("\"close\",") })
    }

    @Test("a glue-any file that pins one glue's flow says what was expected: the copies of seed 99 the fuzzer called unclear")
    func anyGluePinSaysWhatWasExpected() throws {
        let fuzzer = try FixtureFuzzer(files: ScenarioFile.bundled(for: .referenceGlue))
        for index in [19_394, 29_778] {
            let summary = fuzzer.run(seed: 99, range: index..<(index + 1))
            #expect(summary.unclear.isEmpty, "\(summary.unclear.map(\.reason))")
        }
        let json =
            #"{"name": "x", "glue": "any", "user": {"trackingPrompt": "allow", "consentForm": "acceptAll", "privacyOptionsForm": "dismiss"}, "steps": ["launch"], "expect": {"adRequests": []}}"#
        #expect {
            try Scenario.decode(json: json)
        } throws: { error in
            "\(error)".contains("$.glue: expected only expectations that hold for every correct glue, as \"any\" promises, found expect.adRequests")
        }
    }

    @Test("a copy is the same for the same seed and index, so a crash is replayed from two numbers")
    func copiesAreReproducible() throws {
        let fuzzer = try FixtureFuzzer(files: ScenarioFile.bundled(for: .referenceGlue))

        #expect(fuzzer.input(seed: 7, index: 123) == fuzzer.input(seed: 7, index: 123))
        #expect(fuzzer.input(seed: 7, index: 123) != fuzzer.input(seed: 8, index: 123))
    }

    @Test("a run of the longest durations a file may hold reports its times without overflowing")
    func longestDurations() throws {
        let advance = #"{"advance":"36500d"}"#
        let json = #"{"name":"a century at a time","steps":["launch","# + Array(repeating: advance, count: 50).joined(separator: ",") + #"],"expect":{}}"#

        let verdict = try Scenario.decode(json: json).run()

        #expect(verdict.passed)
        #expect(verdict.trace.last?.description.hasPrefix("157680000000.000s") == true, "\(verdict.trace.last?.description ?? "")")
        #expect(Duration.seconds(Int64.max).harnessDescription == "\(Int64.max)s")
    }
}
