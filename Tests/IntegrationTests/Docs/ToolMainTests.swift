import Foundation
import Testing

/// A team's own tool is an executable target whose `main.swift` the documentation shows: every
/// Swift block of the README and the articles that is such a file type-checks against this build's
/// modules and a module holding a team's glue, as a team pastes it. (The other Swift blocks are files
/// of the consumer-view test target, `ReadmeTests`.)
@Suite("A tool's main.swift, as the documentation shows it")
struct ToolMainTests {
    /// The Swift blocks of the README and the articles that are a tool's `main.swift`.
    static func mainFiles() throws -> [(document: String, text: String)] {
        let documents =
            [PackageFolder.url("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: DocumentationTests.catalogue.path)).filter { $0.hasSuffix(".md") }.sorted()
            .map { DocumentationTests.catalogue.appendingPathComponent($0) }
        return try documents.flatMap { document in
            let text = try String(contentsOf: document, encoding: .utf8)
            return text.components(separatedBy: "```swift\n").dropFirst().compactMap { part -> (String, String)? in
                let block = part.components(separatedBy: "\n```").first ?? ""
                return block.hasPrefix("// Sources/") && block.components(separatedBy: "\n").first?.hasSuffix("/main.swift") == true
                    ? (document.lastPathComponent, block + "\n") : nil
            }
        }
    }

    #if os(Linux)
        @Test("every main.swift block type-checks with the imports it shows, against a team's glue module")
        func mainFilesTypeCheck() throws {
            let blocks = try Self.mainFiles()
            #expect(!blocks.isEmpty)
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("tool-main-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            // The module a team's glue lives in, as the block imports it.
            let glue = work.appendingPathComponent("MyAppConsent.swift")
            try Data(
                """
                import AdHarness
                import AdRequestKit
                import Foundation
                public final class MyConsentGlue: ConsentGlue {
                    public init(ports: AppPorts) {}
                    public func didFinishLaunching() {}
                    public func runOnboarding() {}
                    public func requestTracking(completion: @escaping @Sendable () -> Void) { completion() }
                    public func requestAd(adUnitID: String) {}
                    public func openPrivacyOptions() {}
                    public func readAdvertisingIdentifier() -> UUID? { nil }
                }
                """.utf8
            ).write(to: glue)
            let search = ["-I", work.path, "-I", Toolchain.builtModules.path]
            let module = try Toolchain.run(
                "swiftc",
                [
                    "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "MyAppConsent", "-emit-module-path",
                    work.appendingPathComponent("MyAppConsent.swiftmodule").path,
                ]
                    + search + [glue.path])
            try #require(module == nil, "\(module ?? "")")
            for (index, block) in blocks.enumerated() {
                let main = work.appendingPathComponent("main-\(index)").appendingPathComponent("main.swift")
                try FileManager.default.createDirectory(at: main.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(block.text.utf8).write(to: main)
                let problems = try Toolchain.run("swiftc", ["-swift-version", "6", "-warnings-as-errors", "-typecheck"] + search + [main.path])
                #expect(problems == nil, "\(block.document): \(problems ?? "")")
            }
        }
    #endif
}
