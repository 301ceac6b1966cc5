import Foundation
import Testing

/// The documentation as a reader gets it: the catalogue builds with the toolchain's `docc` and no
/// warning, the README stays a front page, and the failing run it shows is what the tool prints.
@Suite("Documentation")
struct DocumentationTests {
    static let catalogue = PackageFolder.url("Sources/AdHarness/AdHarness.docc")

    @Test(
        "the catalogue builds with docc and the API reference of every product module, warnings as errors, and every article is in the landing page's topics"
    )
    func catalogueBuilds() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("docc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let symbolGraphs = work.appendingPathComponent("symbol-graphs")
        try FileManager.default.createDirectory(at: symbolGraphs, withIntermediateDirectories: true)
        // The public symbols of this build's modules, so a doc comment's ``link`` that names
        // nothing, or a parameter left undocumented, is a warning too.
        for module in PublicAPITests.modules {
            let failure = try Toolchain.run(
                "swift-symbolgraph-extract",
                [
                    "-module-name", module, "-I", Toolchain.builtModules.path, "-target", Toolchain.target, "-minimum-access-level", "public",
                    "-output-dir", symbolGraphs.path,
                ])
            #expect(failure == nil, "\(module): \(failure ?? "")")
        }

        let problems = try Toolchain.run(
            "docc",
            [
                "convert", Self.catalogue.path, "--additional-symbol-graph-dir", symbolGraphs.path, "--fallback-display-name", "AdConsentHarness",
                "--fallback-bundle-identifier", "adconsentharness", "--output-path", work.appendingPathComponent("archive").path,
                "--no-transform-for-static-hosting",
                "--warnings-as-errors",
            ])

        #expect(problems == nil, "\(problems ?? "")")
        let landing = try String(contentsOf: Self.catalogue.appendingPathComponent("AdHarness.md"), encoding: .utf8)
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.catalogue.path)
            .filter { $0.hasSuffix(".md") && $0 != "AdHarness.md" }.map { String($0.dropLast(3)) }
        #expect(articles.count >= 10)
        #expect(articles.filter { !landing.contains("<doc:\($0)>") } == [], "articles missing from the landing page's topics")
    }

    @Test("the README is a front page of at most 250 lines, and links only to articles that exist")
    func readmeIsAFrontPage() throws {
        let readme = try String(contentsOf: PackageFolder.url("README.md"), encoding: .utf8)
        let links = readme.components(separatedBy: "](Sources/AdHarness/AdHarness.docc/").dropFirst().compactMap { $0.components(separatedBy: ")").first }

        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
        #expect(links.count >= 10)
        #expect(links.filter { !FileManager.default.fileExists(atPath: Self.catalogue.appendingPathComponent($0).path) } == [])
    }

    @Test("every JSON block of the articles is a scenario that reads and passes")
    func jsonBlocksAreScenarios() throws {
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.catalogue.path).filter { $0.hasSuffix(".md") }
        var blocks: [(String, String)] = []
        for article in articles {
            let text = try String(contentsOf: Self.catalogue.appendingPathComponent(article), encoding: .utf8)
            for part in text.components(separatedBy: "```json\n").dropFirst() {
                blocks.append((article, part.components(separatedBy: "\n```").first ?? ""))
            }
        }
        let folder = try CommandLineTests.folder(with: Dictionary(uniqueKeysWithValues: blocks.enumerated().map { ("block-\($0.offset).json", $0.element.1) }))
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try CommandLineTests.adharness(["run", folder.path])

        #expect(!blocks.isEmpty)
        #expect(run.code == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("\(blocks.count) passed, 0 failed\n"))
    }

    @Test("every relative link of the README and the articles names a file or folder of the checkout")
    func relativeLinksResolve() throws {
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.catalogue.path).filter { $0.hasSuffix(".md") }
        let documents = [PackageFolder.url("README.md")] + articles.map { Self.catalogue.appendingPathComponent($0) }
        var broken: [String] = []
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for target in text.components(separatedBy: "](").dropFirst().compactMap({ $0.components(separatedBy: ")").first }) {
                guard !target.hasPrefix("http"), !target.hasPrefix("#"), !target.contains(" ") else { continue }
                let resolved = document.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                if !FileManager.default.fileExists(atPath: resolved.path) { broken.append("\(document.lastPathComponent): \(target)") }
            }
        }

        #expect(documents.count >= 11)
        #expect(broken == [])
    }

    @Test("the README's failing run is the scenario it shows, run by the tool, printed as shown")
    func readmeFailingRunIsReal() throws {
        let readme = try String(contentsOf: PackageFolder.url("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## A failing run").dropFirst().first)
        let transcript = try #require(section.components(separatedBy: "```\n").dropFirst().first)
        let lines = transcript.components(separatedBy: "\n")
        let fixture = lines.drop { $0 != "$ cat broken.json" }.dropFirst().prefix { !$0.hasPrefix("$ ") }.joined(separator: "\n")
        let shown = lines.drop { $0 != "$ swift run adharness run broken.json" }.dropFirst().joined(separator: "\n")
        let folder = try CommandLineTests.folder(with: ["broken.json": fixture])
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try CommandLineTests.adharness(["run", "broken.json"], in: folder)

        #expect(run.code == 1)
        #expect(!fixture.isEmpty)
        #expect(run.output == shown, "the README shows:\n\(shown)\nthe tool prints:\n\(run.output)")
    }
}
