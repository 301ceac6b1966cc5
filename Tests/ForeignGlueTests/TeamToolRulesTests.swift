import AdHarness
import Foundation
import HarnessCommandLine
import ScenarioRunner
import Testing

/// A team's tool names its own rules in `--rules` and in scenario files when it is given the rule set
/// that adds them, and only then: no registry makes a name known behind its back.
@Suite("A team's command line and its own rules")
struct TeamToolRulesTests {
    static let rules = Result { try RuleSet.standard.adding(NoAdBeforeOnboarding()) }

    /// Runs the tool over ConsentFirstGlue, knowing `known` if given; its exit code and what it printed.
    static func tool(_ arguments: [String], knowing known: RuleSet?) -> (Int32, String) {
        let printed = Printed()
        let output = Output(output: printed.append, errors: printed.append)
        let glues = [GlueFactory(ConsentFirstGlue.init)]
        let code =
            if let known {
                HarnessCommandLine.run(arguments, glues: glues, knowing: known, output: output)
            } else {
                HarnessCommandLine.run(arguments, glues: glues, output: output)
            }
        return (code, printed.text)
    }

    /// A file of that name and text in a fresh folder, removed after `body`.
    static func withFile(_ name: String, _ text: String, _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("team-tool-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        try body(file)
    }

    @Test("--rules names the tool's own rule, and explore finds it")
    func exploreByTheToolsRule() throws {
        try Self.withFile("returning.json", #"{"previousSession": {"tracking": "denied", "consent": "obtained"}}"#) { start in
            try explore(from: start)
        }
    }

    private func explore(from start: URL) throws {
        let arguments = ["explore", start.path, "--depth", "2", "--max-faults", "0", "--rules", "standard,myApp.noAdBeforeOnboarding=failure"]
        let (code, text) = Self.tool(arguments, knowing: try Self.rules.get())
        #expect(code == 1, "\(text)")
        #expect(text.contains("invariant broken: myApp.noAdBeforeOnboarding"), "\(text)")

        let (unknown, problem) = Self.tool(arguments, knowing: nil)
        #expect(unknown == 2, "\(problem)")
        #expect(problem.contains("unknown rule \"myApp.noAdBeforeOnboarding\""), "\(problem)")
    }

    @Test("the tool's worker processes know its own rule: explore finds it there and writes it into the fixture")
    func exploreInWorkers() throws {
        let tool = try #require(HarnessCommandLine.builtExecutable(named: "my-adharness"), "swift build builds the tool")
        let known = try RuleSet.standard.adding(NoAdWhileTrackingDenied())
        try Self.withFile("returning.json", #"{"previousSession": {"tracking": "denied", "consent": "obtained"}}"#) { start in
            let printed = Printed()
            let code = HarnessCommandLine.run(
                [
                    "explore", start.path, "--glue", "ConsentFirstGlue", "--depth", "2", "--max-faults", "0", "--rules",
                    "standard,myApp.noAdWhileTrackingDenied=failure",
                ],
                glues: [GlueFactory(ConsentFirstGlue.init)], knowing: known, output: Output(output: printed.append, errors: printed.append),
                workers: tool)
            #expect(code == 1, "\(printed.text)")
            #expect(printed.text.contains("invariant broken: myApp.noAdWhileTrackingDenied"), "\(printed.text)")
            #expect(printed.text.contains(#""rules": "standard,myApp.noAdWhileTrackingDenied=failure""#), "\(printed.text)")
        }
    }

    @Test("a scenario file naming the tool's own rule runs in trace")
    func traceAFileNamingTheRule() throws {
        let text = #"""
            {"name": "ad at launch", "rules": "standard,myApp.noAdBeforeOnboarding=failure",
             "previousSession": {"tracking": "denied", "consent": "obtained"}, "steps": ["launch", "requestAd"],
             "expect": {"violation": "myApp.noAdBeforeOnboarding"}}
            """#
        try Self.withFile("ad-at-launch.json", text) { file in try trace(file) }
    }

    private func trace(_ file: URL) throws {
        let (code, text) = Self.tool(["trace", file.path], knowing: try Self.rules.get())
        #expect(code == 0, "\(text)")
        let (unknown, problem) = Self.tool(["trace", file.path], knowing: nil)
        #expect(unknown == 2, "\(problem)")
        #expect(problem.contains("myApp.noAdBeforeOnboarding"), "\(problem)")
    }
}
