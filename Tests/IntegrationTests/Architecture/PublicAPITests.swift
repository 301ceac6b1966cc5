import Foundation
import Testing

/// The public API users' tests are written against, held to a checked-in baseline (`api/public-api.txt`):
/// a rename or a removal breaks every team's tests, so it must be on purpose and say so. The
/// toolchain's `swift-api-digester` dumps the public declarations of every product's modules from
/// this build; each becomes one line (module, kind, name, types), and the lines must equal the
/// baseline's. To accept a change, run the tests with `ADHARNESS_UPDATE_API_BASELINE=1` (it rewrites
/// the file), and name each removed or changed line in CHANGELOG.md.
@Suite("Public API baseline")
struct PublicAPITests {
    static let baseline = PackageFolder.url("api/public-api.txt")

    /// The modules a user reaches through the library products, the ones `AdHarness` and
    /// `ScenarioRunner` re-export included.
    static let modules = [
        "AdRequestKit", "PrivacySignals", "AppInfoPlist", "HarnessSupport", "MockTrackingManager", "MockAdNetwork", "PortContracts",
        "AdHarness", "AdHarnessContracts", "Scenarios", "Exploration", "ConfigurationLint", "ScenarioRunner", "HarnessCommandLine",
    ]

    /// The declaration kinds that make up the API, as the digester names them.
    static let declarationKinds: Set<String> = ["TypeDecl", "Function", "Constructor", "Var", "Subscript", "TypeAlias", "AssociatedType", "OperatorDecl"]

    /// One line per public declaration, sorted.
    static func lines(fromDump data: Data) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tree = try #require(root["ABIRoot"] as? [String: Any])
        var lines: Set<String> = []
        func types(of node: [String: Any]) -> String {
            let children = node["children"] as? [[String: Any]] ?? []
            return children.filter { ($0["kind"] as? String ?? "").hasPrefix("Type") && $0["kind"] as? String != "TypeDecl" }
                .compactMap { $0["printedName"] as? String }.joined(separator: ", ")
        }
        func walk(_ node: [String: Any], path: String) {
            for child in node["children"] as? [[String: Any]] ?? [] {
                guard let kind = child["kind"] as? String, declarationKinds.contains(kind), let name = child["printedName"] as? String else { continue }
                let module = child["moduleName"] as? String ?? ""
                let full = path.isEmpty ? name : "\(path).\(name)"
                if modules.contains(module) {
                    let signature = types(of: child)
                    // What only sibling modules may name (`package`), and what is on its way out, say so.
                    let marks = (child["isInternal"] as? Bool == true ? " (package)" : "") + (child["deprecated"] as? Bool == true ? " (deprecated)" : "")
                    lines.insert("\(module) \(child["declKind"] as? String ?? kind) \(full)" + (signature.isEmpty ? "" : " : \(signature)") + marks)
                }
                walk(child, path: full)
            }
        }
        walk(tree, path: "")
        return lines.sorted()
    }

    /// Runs the digester on this build's modules; returns its JSON dump.
    static func dump() throws -> Data {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("public-api-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let arguments = ["-dump-sdk", "-I", Toolchain.builtModules.path, "-o", output.path] + modules.flatMap { ["-module", $0] }
        if let problem = try Toolchain.run("swift-api-digester", arguments) { Issue.record("swift-api-digester failed: \(problem)") }
        return try Data(contentsOf: output)
    }

    #if os(Linux)
        @Test("the public API equals the checked-in baseline: a removed or renamed symbol fails here")
        func matchesBaseline() throws {
            let current = try Self.lines(fromDump: Self.dump())
            #expect(current.count > 1_000, "the dump looks empty: \(current.count) declarations")
            if ProcessInfo.processInfo.environment["ADHARNESS_UPDATE_API_BASELINE"] == "1" {
                try (current.joined(separator: "\n") + "\n").write(to: Self.baseline, atomically: true, encoding: .utf8)
                return
            }
            let baseline = try String(contentsOf: Self.baseline, encoding: .utf8).split(separator: "\n").map(String.init)
            let removed = Set(baseline).subtracting(current).sorted()
            let added = Set(current).subtracting(baseline).sorted()
            #expect(
                removed.isEmpty,
                """
                \(removed.count) public declarations removed or changed (a breaking change: name each in CHANGELOG.md, then \
                run the tests with ADHARNESS_UPDATE_API_BASELINE=1):
                \(removed.prefix(40).joined(separator: "\n"))
                """)
            #expect(
                added.isEmpty,
                """
                \(added.count) public declarations added: run the tests with ADHARNESS_UPDATE_API_BASELINE=1 to record them:
                \(added.prefix(40).joined(separator: "\n"))
                """)
        }
    #endif

    /// The public API of the last release (`api/released/VERSION.txt`, the baseline as it was then).
    static let lastRelease = PackageFolder.url("api/released/0.8.0.txt")

    /// A line without its marks: what a consumer names.
    static func declaration(_ line: String) -> String {
        line.replacingOccurrences(of: " (package)", with: "").replacingOccurrences(of: " (deprecated)", with: "")
    }

    @Test(
        "a consumer of the last release builds with deprecation warnings only: each of its public declarations is still declared, unless it was deprecated then"
    )
    func deprecationWindow() throws {
        let released = try String(contentsOf: Self.lastRelease, encoding: .utf8).split(separator: "\n").map(String.init)
        let current = try String(contentsOf: Self.baseline, encoding: .utf8).split(separator: "\n").map(String.init)
        let declared = Set(current.map(Self.declaration))
        // A declaration a user could name (not `package`) and the release did not already deprecate must stay,
        // deprecated at worst, with a forwarder to what replaces it: `@available(*, deprecated, renamed:)`.
        let gone = released.filter { !$0.hasSuffix(" (package)") && !$0.hasSuffix(" (deprecated)") && !declared.contains(Self.declaration($0)) }
        #expect(released.count > 1_000)
        #expect(gone.isEmpty, "removed without a deprecated forwarder for one release:\n\(gone.prefix(40).joined(separator: "\n"))")
    }

    @Test("a renamed declaration shows as one removed line and one added line")
    func renameIsSeen() throws {
        let before =
            #"{"ABIRoot": {"children": [{"kind": "TypeDecl", "declKind": "Struct", "printedName": "SimulatedApp", "moduleName": "AdHarness", "children": [{"kind": "Function", "declKind": "Func", "printedName": "launch()", "moduleName": "AdHarness", "children": [{"kind": "TypeNominal", "printedName": "()"}]}]}]}}"#
        let after = before.replacingOccurrences(of: "launch()", with: "start()")
        let old = try Self.lines(fromDump: Data(before.utf8))
        let new = try Self.lines(fromDump: Data(after.utf8))
        #expect(old == ["AdHarness Func SimulatedApp.launch() : ()", "AdHarness Struct SimulatedApp"])
        #expect(Set(old).subtracting(new) == ["AdHarness Func SimulatedApp.launch() : ()"])
    }
}
