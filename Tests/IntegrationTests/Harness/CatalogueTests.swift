import AdHarness
import Foundation
import ScenarioRunner
import Testing

/// The catalogue cites tests and fixtures; every citation must point at something that exists.
@Suite("Behaviour catalogue")
struct CatalogueTests {
    let root = PackageFolder.root

    func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every backquoted token in the catalogue's tables that looks like `x/y`.
    func citations() throws -> [String] {
        let catalogue = try text("docs/CATALOGUE.md")
        return catalogue.split(separator: "`").enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.contains("/") && !$0.element.contains(" ") }
            .map { String($0.element) }
    }

    @Test("every cited fixture exists")
    func fixturesExist() throws {
        let fixtures = try citations().filter { $0.hasSuffix(".json") || $0.hasSuffix("/*") }
        #expect(fixtures.count > 20)
        for fixture in fixtures {
            let path = fixture.hasSuffix("/*.json") || fixture.hasSuffix("/*") ? String(fixture.prefix { $0 != "*" }) : fixture
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Fixtures/\(path)").path), "\(fixture)")
        }
    }

    @Test("every cited test exists")
    func testsExist() throws {
        let sources = try ["Tests/IntegrationTests", "Tests/ForeignGlueTests"].flatMap { target in
            try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(target).path)
                .filter { $0.hasSuffix(".swift") }.map { "\(target)/\($0)" }
        }
        var checked = 0
        var file: String?
        for citation in try citations() {
            // `[Folder/]FileTests[/test]`, or `/test` continuing the file cited just before.
            let parts = citation.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var test: String?
            if citation.hasPrefix("Tests/") {
                continue
            } else if citation.hasPrefix("/"), parts.count == 2 {
                test = parts[1]
            } else if let index = parts.lastIndex(where: { $0.hasSuffix("Tests") }), index >= parts.count - 2 {
                file = parts[index]
                test = index == parts.count - 2 ? parts.last : nil
            } else {
                continue
            }
            guard let file, let match = sources.first(where: { $0.hasSuffix("/\(file).swift") }) else {
                Issue.record("no test file for \(citation)")
                continue
            }
            checked += 1
            if let test {
                #expect(try text(match).contains("func \(test)("), "\(citation): no func \(test) in \(match)")
            }
        }
        #expect(checked > 30)
    }

    @Test("the Rules article's table names every rule, in its authority's row")
    func rulesArticleListsEveryRule() throws {
        let article = try text("Sources/AdHarness/AdHarness.docc/Rules.md")
        for rule in RuleID.allCases {
            let row = article.split(separator: "\n").first { $0.hasPrefix("| \(rule.authority.rawValue) |") }
            #expect(row?.contains("`\(rule.rawValue)`") == true, "\(rule.rawValue) is not in the \(rule.authority.rawValue) row")
        }
    }
}
