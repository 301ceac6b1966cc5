import AdHarness
import ScenarioRunner
import Testing

/// A rule fires on the harm it names, never on an order or a count that harms nothing (issue 37):
/// correct glues that earlier rules warned about get no warning.
@Suite("No warning where nothing is wrong")
struct NoFalseAlarmTests {
    @Test("tags set in the start completion, before any request, warn of nothing on any bundled scenario for any glue")
    func tagsSetBeforeAnyRequest() throws {
        var warned: [String] = []
        for file in try ScenarioFile.bundled(for: .anyGlue) {
            let verdict = try file.run(glue: GlueFactory(TagsAfterStartGlue.init), rules: .standard)
            if (verdict.violations + verdict.warnings).contains(where: { $0.invariant == .requestConfigurationBeforeStart }) {
                warned.append(file.displayPath)
            }
        }
        #expect(warned.isEmpty, "\(warned)")
    }
}
