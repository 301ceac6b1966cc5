import Foundation
import Testing

/// The manifest's module table is the dependency graph: lowest module first, each naming what it
/// may import. These read the table and every source file's imports, so a low module that imports
/// a high one, or an import the table does not allow, fails here rather than in a reviewer's head.
@Suite("Module graph")
struct ModuleGraphTests {
    /// One row of the manifest's `modules` table.
    struct Module {
        let name: String
        let dependencies: [String]
    }

    /// The manifest's `modules` table, in its order.
    static func table() throws -> [Module] {
        let manifest = try String(contentsOf: PackageFolder.url("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "let modules: [(name: String, dependencies: [String])] = ["))
        let end = try #require(manifest.range(of: "\n]\n", range: start.upperBound..<manifest.endIndex))
        return manifest[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            guard let name = quoted.first else { return nil }
            return Module(name: name, dependencies: Array(quoted.dropFirst()))
        }
    }

    /// Each module a file imports, with whether it re-exports it or imports it `@testable`.
    static func imports(in folder: URL) throws -> [(file: String, module: String, exported: Bool, testable: Bool)] {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.flatMap { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") })
                else { return nil }
                return (file.lastPathComponent, String(words[index + 1]), words.contains("@_exported"), words.contains("@testable"))
            }
        }
    }

    @Test("the table names every module in Sources/, each depending only on modules listed before it")
    func tableIsLayered() throws {
        let table = try Self.table()
        #expect(table.count > 10)
        let folders = try FileManager.default.contentsOfDirectory(atPath: PackageFolder.url("Sources").path)
        #expect(Set(folders) == Set(table.map(\.name)))
        for (index, module) in table.enumerated() {
            let lower = Set(table[..<index].map(\.name))
            #expect(
                Set(module.dependencies).isSubset(of: lower),
                "\(module.name) depends on \(Set(module.dependencies).subtracting(lower).sorted()), listed after it")
        }
    }

    @Test("every import of a package module is one its module's entry allows")
    func importsFollowTheTable() throws {
        let table = try Self.table()
        let names = Set(table.map(\.name))
        var reexports: [String: Set<String>] = [:]
        for module in table {
            let exported = try Self.imports(in: PackageFolder.url("Sources/\(module.name)")).filter(\.exported).map(\.module)
            reexports[module.name] = Set(exported)
        }
        /// A module and everything it re-exports, transitively.
        func visible(_ name: String) -> Set<String> {
            (reexports[name] ?? []).reduce(into: [name]) { $0.formUnion(visible($1)) }
        }
        for module in table {
            let allowed = module.dependencies.reduce(into: Set<String>()) { $0.formUnion(visible($1)) }
            for found in try Self.imports(in: PackageFolder.url("Sources/\(module.name)")) where names.contains(found.module) {
                #expect(allowed.contains(found.module), "\(module.name)/\(found.file) imports \(found.module), which its entry does not allow")
            }
        }
    }

    @Test("the user's-eye test target imports only public products, never @testable")
    func foreignGlueTestsSeePublicProductsOnly() throws {
        let manifest = try String(contentsOf: PackageFolder.url("Package.swift"), encoding: .utf8)
        let names = Set(try Self.table().map(\.name))
        let products = Set(names.filter { manifest.contains(".library(name: \"\($0)\"") })
        #expect(
            products == [
                "AdRequestKit", "AdHarness", "ScenarioRunner", "Scenarios", "Exploration", "ConfigurationLint", "AdHarnessContracts", "HarnessCommandLine",
                "PrivacySignals", "AppInfoPlist",
            ])
        let folder = PackageFolder.url("Tests/ForeignGlueTests")
        for found in try Self.imports(in: folder) where names.contains(found.module) {
            #expect(products.contains(found.module), "ForeignGlueTests/\(found.file) imports \(found.module), not a product")
        }
        #expect(try Self.imports(in: folder).filter(\.testable).isEmpty)
    }

    @Test("each module says its purpose at the top of its main file, as ARCHITECTURE.md does")
    func purposesMatchArchitecture() throws {
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let architecture = words(try String(contentsOf: PackageFolder.url("ARCHITECTURE.md"), encoding: .utf8))
        for module in try Self.table() {
            let main = module.name == "adharness" ? "main.swift" : "\(module.name).swift"
            let text = try String(contentsOf: PackageFolder.url("Sources/\(module.name)/\(main)"), encoding: .utf8)
            let purpose = words(text.split(separator: "\n").prefix { $0.hasPrefix("// ") }.map { $0.dropFirst(3) }.joined(separator: " "))
            #expect(purpose.hasPrefix("\(module.name): "), "\(module.name)/\(main) starts with no purpose")
            #expect(architecture.contains("- \(purpose)"), "ARCHITECTURE.md does not say: \(purpose)")
        }
    }
}
