import Foundation
import ScenarioRunner
import Testing

/// Every bundled fixture, one test case per file.
@Suite("Bundled scenario fixtures")
struct FixtureTests {
    static let files: [String] =
        (try? FixtureFiles.scenarioFiles(in: [FixtureFiles.bundledDirectory.path]))?
        .map { String($0.path.dropFirst(FixtureFiles.bundledDirectory.path.count + 1)) } ?? []

    @Test("there are at least 30 of them")
    func enoughFixtures() {
        #expect(Self.files.count >= 30)
    }

    @Test("the fixture passes", arguments: files)
    func fixturePasses(file: String) throws {
        let scenario = try Scenario.load(from: FixtureFiles.bundledDirectory.appendingPathComponent(file), displayPath: file)
        let verdict = scenario.run()
        #expect(verdict.passed, "\(file): \(scenario.name)\n\(verdict.report)")
    }

    @Test("the same fixture gives the same trace every run", arguments: files.prefix(8))
    func deterministic(file: String) throws {
        let scenario = try Scenario.load(from: FixtureFiles.bundledDirectory.appendingPathComponent(file))
        let first = scenario.run().trace
        let second = scenario.run().trace
        #expect(first == second)
    }
}
