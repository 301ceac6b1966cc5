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
