import AdHarness
import Foundation
import HarnessCommandLine
import ScenarioRunner
import Testing

/// A team's own command line over its glues: every command on its glue, by name.
@Suite("A team's command line")
struct TeamToolTests {
    static let glues = [GlueFactory(ConsentFirstGlue.init), ConsentManagerGlue.factory(.noPrivacyEntryPoint)]

    /// Runs the tool and returns its exit code and everything it printed.
    static func tool(_ arguments: [String]) -> (Int32, String) {
        let printed = Printed()
        let code = HarnessCommandLine.run(arguments, glues: glues, output: Output(output: printed.append, errors: printed.append))
        return (code, printed.text)
    }

    @Test("explore and trace take the team's glue by name, and find its bug")
    func exploreAndTrace() {
        let (code, text) = Self.tool(["explore", "--glue", "ConsentManagerGlue.noPrivacyEntryPoint", "--depth", "3", "--max-faults", "0"])
        #expect(code == 1)
        #expect(text.hasPrefix("explored ConsentManagerGlue.noPrivacyEntryPoint from the defaults (a fresh install)"))
        #expect(text.contains("invariant broken: privacyOptionsReachable"))
        let (clean, _) = Self.tool(["trace", "--glue", "ConsentFirstGlue", PackageFixtures.path("any-glue/decision-table/denied-obtained.json")])
        #expect(clean == 0)
    }

    @Test("with several glues, a command that runs one asks which, naming them")
    func severalGluesAskWhich() {
        for command in [["run"], ["explore", "--depth", "1"], ["trace", PackageFixtures.path("any-glue/decision-table/denied-obtained.json")]] {
            let (code, text) = Self.tool(command)
            #expect(code == 2, "\(command): \(text)")
            #expect(
                text.hasPrefix(
                    "adharness: this tool has several glues (ConsentFirstGlue, ConsentManagerGlue.noPrivacyEntryPoint): choose one with --glue NAME"),
                "\(text)")
        }
    }

    @Test("a tool with one glue runs it without --glue, and names itself as invoked in usage, errors and hints")
    func oneGlueIsTheDefault() throws {
        let printed = Printed()
        let output = Output(output: printed.append, errors: printed.append)
        let glue = ConsentManagerGlue.factory(.noPrivacyEntryPoint)
        let code = HarnessCommandLine.run(["explore", "--depth", "3", "--max-faults", "0"], glues: [glue], toolName: "my-adharness", output: output)
        #expect(code == 1)
        #expect(printed.text.hasPrefix("explored ConsentManagerGlue.noPrivacyEntryPoint from the defaults"), "\(printed.text)")
        #expect(printed.text.contains("invariant broken: privacyOptionsReachable"))
        #expect(printed.text.contains("replay it with: my-adharness run") || printed.text.contains("fixture (write it with --out DIR)"))

        let usage = Printed()
        let usageCode = HarnessCommandLine.run(
            ["run", "--formt", "json"], glues: [glue], toolName: "my-adharness", output: Output(output: usage.append, errors: usage.append))
        #expect(usageCode == 2)
        #expect(usage.text.hasPrefix("my-adharness: unknown option --formt for run; did you mean --format?"), "\(usage.text)")
        #expect(usage.text.contains("USAGE: my-adharness run [--format text|junit|json]"), "\(usage.text)")
        #expect(!usage.text.contains("adharness run") || usage.text.contains("my-adharness run"))
        #expect(!usage.text.replacingOccurrences(of: "my-adharness", with: "").contains("adharness"), "\(usage.text)")
    }

    @Test("with several glues, the replay command explore prints for a counterexample runs as printed, and finds the same rule")
    func replayCommandRunsAsPrinted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, text) = Self.tool([
            "explore", "--glue", "ConsentManagerGlue.noPrivacyEntryPoint", "--depth", "3", "--max-faults", "0", "--out", folder.path,
        ])
        #expect(code == 1)
        let line = try #require(text.split(separator: "\n").first { $0.contains("replay it with: ") }, "\(text)")
        let command = try #require(line.components(separatedBy: "replay it with: ").last).split(separator: " ").map(String.init)
        #expect(command.first == "adharness" && command.dropFirst().first == "run", "\(line)")
        let (replayed, replay) = Self.tool(Array(command.dropFirst()))
        #expect(replayed == 1, "\(replay)")
        #expect(replay.contains("privacyOptionsReachable"), "\(replay)")
    }

    @Test("--leave-out refuses a name that is no answer or fault kind, naming those there are")
    func leaveOutIsChecked() {
        let (code, text) = Self.tool(["explore", "--glue", "ConsentFirstGlue", "--depth", "1", "--leave-out", "dismiss,bogus"])
        #expect(code == 2)
        #expect(text.hasPrefix("adharness: --leave-out: unknown answer or fault kind bogus; expected some of "), "\(text)")
        let (known, _) = Self.tool(["explore", "--glue", "ConsentFirstGlue", "--depth", "1", "--leave-out", "dismiss,never,leaveApp,delay"])
        #expect(known == 0)
    }

    @Test("--leave-out refuses an empty name between commas rather than leaving out fewer", arguments: [",,", "dismiss,", ",never", "dismiss,,never"])
    func leaveOutEmptyName(_ list: String) {
        let (code, text) = Self.tool(["explore", "--glue", "ConsentFirstGlue", "--depth", "1", "--leave-out", list])
        #expect(code == 2)
        #expect(text.hasPrefix("adharness: --leave-out: expected a name between each pair of commas, found an empty one in \"\(list)\""), "\(text)")
    }

    @Test("an unknown glue is a usage error naming the glues there are, with the nearest")
    func unknownGlue() {
        let (code, text) = Self.tool(["run", "--glue", "ConsentFirstGlu"])
        #expect(code == 2)
        #expect(text.hasPrefix("adharness: unknown glue ConsentFirstGlu; did you mean ConsentFirstGlue?"))
    }
}

/// The bundled fixtures' paths, as a team's tool finds them.
enum PackageFixtures {
    static func path(_ relative: String) -> String { FixtureFiles.bundledDirectory.appendingPathComponent(relative).path }
}
