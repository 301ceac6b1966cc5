import Foundation
import Testing

/// The Swift examples of the README and of the documentation's articles are files of this target,
/// which sees the package as a user does (public products, `MemberImportVisibility`), so every
/// example compiles and runs as shown.
@Suite("README and article examples")
struct ReadmeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let examples = [
        "Readme/FirstTest.swift", "Readme/LocationTest.swift", "Glues/ConsentFirstGlue.swift",
        "Glues/AwaitingConsentGlue.swift", "Readme/AsyncGlueTest.swift", "Readme/MyGlueTest.swift", "Readme/MyGlueScenarioTests.swift",
        "Readme/MyGlueScenarioXCTests.swift", "Readme/MyGlueIsolatedScenarioTests.swift",
        "Readme/MyGlueExplorationTest.swift", "Readme/DefaultsStoreContractTests.swift",
        "Readme/LoggedTrackingContractTests.swift", "Readme/LintTest.swift", "Readme/MyRulesTest.swift", "Readme/MyOwnRuleTest.swift",
        "Readme/PackageRulesTest.swift",
        "Readme/MyToolTest.swift", "Readme/MyToolWorkersTest.swift",
        "Readme/EveryFindingTest.swift", "Readme/OneStartTwoGluesTest.swift",
    ]

    /// The README and the articles of the documentation catalogue.
    static func documents() throws -> [(name: String, text: String)] {
        let catalogue = folder.appendingPathComponent("../../Sources/AdHarness/AdHarness.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalogue.path).filter { $0.hasSuffix(".md") }.sorted()
        return try [("README.md", String(contentsOf: folder.appendingPathComponent("../../README.md"), encoding: .utf8))]
            + articles.map { ($0, try String(contentsOf: catalogue.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The fenced Swift blocks of a document, in order.
    static func swiftBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("every Swift block of the README and the articles is one of these files, verbatim, and every file is shown")
    func documentsShowTheFiles() throws {
        let files = try Self.examples.map { try String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8) }
        // A tool's `main.swift` cannot be a file of a test target: ToolMainTests type-checks those blocks.
        let blocks = try Self.documents().flatMap { document in
            Self.swiftBlocks(document.text).filter { !$0.hasPrefix("// Sources/") }.map { (document.name, $0) }
        }
        for (name, text) in zip(Self.examples, files) {
            #expect(blocks.contains { $0.1 == text }, "no document shows \(name) as it is")
        }
        for (document, block) in blocks {
            #expect(files.contains(block), "a Swift block of \(document) is not an example file:\n\(block)")
        }
    }
}
