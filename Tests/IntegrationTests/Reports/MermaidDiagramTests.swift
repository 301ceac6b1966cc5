import Foundation
import ScenarioRunner
import StandInRuntime
import Testing

/// `adharness trace --format mermaid`: a run as a sequence diagram that renders.
@Suite("Mermaid sequence diagram")
struct MermaidDiagramTests {
    @Test("every bundled fixture's run parses as a sequence diagram", arguments: try ScenarioFile.bundled(for: .referenceGlue))
    func bundledFixtureParses(_ file: ScenarioFile) throws {
        let diagram = MermaidDiagram.sequence(for: try file.run())

        #expect(MermaidSyntaxCheck.problems(in: diagram) == [])
    }

    @Test("every trace event name has its place in the mapping table")
    func everyNameIsMapped() {
        let unmapped = TraceName.everyName.filter { MermaidStroke.strokes(for: $0) == nil }

        #expect(unmapped.map(\.rawValue) == [])
    }

    /// The diagram's statements, without their indentation.
    static func statements(_ verdict: ScenarioVerdict) -> [String] {
        MermaidDiagram.sequence(for: verdict).split(separator: "\n").map { (line: Substring) -> String in
            line.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The first of the expected statements not found, in order, in the lines.
    static func firstMissing(_ expected: [String], inOrderIn lines: [String]) -> String? {
        var position = 0
        for statement in expected {
            guard let found = lines[position...].firstIndex(of: statement) else { return statement }
            position = found + 1
        }
        return nil
    }

    @Test("allow, accept: the prompt, the user's answers and a personalized request, in order, at their virtual times")
    func allowAcceptReadsInOrder() throws {
        let lines = Self.statements(try ReportInputs.allowAccept.run())
        let expected: [String] = [
            "OS->>User: tracking prompt",
            "Note left of User: 3.000s",
            "User->>OS: allow",
            "OS-->>App: tracking status=authorized prompted=true",
            "Consent->>User: consent form kind=consent",
            "Note left of User: 8.000s",
            "User->>Consent: form kind=consent answer=acceptAll status=obtained",
            "App->>Ads: ad request npa=false tracking=authorized consent=obtained canRequestAds=true idfa=set",
            "Note over User,Ads: PASS",
        ]

        #expect(Self.firstMissing(expected, inOrderIn: lines) == nil)
    }

    @Test("the event that broke an invariant is highlighted, with the rule it broke")
    func violationIsHighlighted() throws {
        let lines = Self.statements(try ReportInputs.droppedNPA.run())

        let start = try #require(lines.firstIndex(of: "rect rgb(255, 221, 221)"))
        #expect(lines[start + 1].hasPrefix("App->>Ads: ad request npa=false tracking=denied"))
        #expect(lines[start + 2].hasPrefix("Note over User,Ads: VIOLATION personalizedOnlyWithBothAnswers: no ad request without npa=1"))
        #expect(lines[start + 3] == "end")
        #expect(lines.last == "Note over User,Ads: PASS: the scenario expects this violation")
    }

    @Test("a failed run ends with FAIL and what differed")
    func failureIsTold() throws {
        let diagram = MermaidDiagram.sequence(for: try #require(ReportInputs.failing.verdict))

        #expect(
            diagram.hasSuffix(
                """
                    Note over User,Ads: FAIL
                    Note over User,Ads: expect.adRequests[0]: expected {npa: true}, got {npa: false, idfa: set}
                """))
        #expect(diagram.contains("Note over User,Ads: expects npa=1 after allow #38; accept #60;wrongly#62;"))
        #expect(MermaidSyntaxCheck.problems(in: diagram) == [])
    }

    @Test("Mermaid's syntax characters and line breaks never reach a message raw")
    func textIsEscaped() {
        let text = "a;b #c <d> \"e\" 50% f&g\nh\u{2028}i\u{1B}j"

        #expect(MermaidText.escaped(text) == "a#59;b #35;c #60;d#62; #34;e#34; 50#37; f#38;g h i j")
    }

    @Test("the syntax check refuses undeclared participants, raw syntax characters, open blocks and unknown lines")
    func syntaxCheckCanFail() {
        let diagram = """
            sequenceDiagram
                participant App
                App->>Ads: hello
                Note over App: a;b
                Note over App: #hash
                rect rgb(1, 2, 3)
                App->>App: fine #59;
                loop forever
            """

        #expect(
            MermaidSyntaxCheck.problems(in: diagram) == [
                "line 3: Ads is not declared",
                "line 4: a raw ; < or >: Note over App: a;b",
                "line 5: a # that starts no entity code: Note over App: #hash",
                "line 8: not a statement: loop forever",
                "1 block(s) never closed with end",
            ])
        #expect(MermaidSyntaxCheck.problems(in: "graph TD") == ["line 1: expected sequenceDiagram, found graph TD"])
    }

    @Test("the command-line article shows the allow, accept diagram exactly as the tool prints it")
    func articleShowsTheDiagram() throws {
        let article = try String(contentsOf: PackageFolder.url("Sources/AdHarness/AdHarness.docc/CommandLine.md"), encoding: .utf8)
        let block = try #require(article.components(separatedBy: "```mermaid\n").dropFirst().first?.components(separatedBy: "\n```").first)

        #expect(block == MermaidDiagram.sequence(for: try ReportInputs.allowAccept.run()))
    }
}
