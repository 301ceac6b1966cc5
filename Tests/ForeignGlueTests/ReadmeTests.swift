import Foundation
import Testing

/// The README's Swift examples are files of this target, which sees the package as a user does
/// (public products, `MemberImportVisibility`), so every example compiles and runs as shown.
@Suite("README examples")
struct ReadmeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let examples = ["Readme/FirstTest.swift", "Readme/LocationTest.swift", "Glues/ConsentFirstGlue.swift",
                           "Glues/AwaitingConsentGlue.swift", "Readme/AsyncGlueTest.swift", "Readme/MyGlueTest.swift", "Readme/MyGlueScenarioTests.swift", "Readme/MyGlueScenarioXCTests.swift",
                           "Readme/MyGlueExplorationTest.swift", "Readme/DefaultsStoreContractTests.swift",
                           "Readme/LoggedTrackingContractTests.swift", "Readme/LintTest.swift", "Readme/MyRulesTest.swift", "Readme/MyToolTest.swift",
                           "Readme/EveryFindingTest.swift"]

    /// The fenced Swift blocks of the README, in order.
    static func readmeBlocks() throws -> [String] {
        let readme = try String(contentsOf: folder.appendingPathComponent("../../README.md"), encoding: .utf8)
        var blocks: [String] = [], current: [String]?
        for line in readme.components(separatedBy: "\n") {
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

    @Test("every README Swift block is one of these files, verbatim, and every file is in the README")
    func readmeShowsTheFiles() throws {
        let files = try Self.examples.map { try String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8) }
        let blocks = try Self.readmeBlocks()
        for (name, text) in zip(Self.examples, files) {
            #expect(blocks.contains(text), "the README does not show \(name) as it is")
        }
        for block in blocks {
            #expect(files.contains(block), "a README block is not an example file:\n\(block)")
        }
    }
}
