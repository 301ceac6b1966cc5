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
        "AdRequestKit", "PrivacySignals", "AppInfoPlist", "StandInRuntime", "MockTrackingManager", "MockAdNetwork", "PortContracts",
        "AdHarness", "AdHarnessContracts", "Scenarios", "Exploration", "ConfigurationLint", "ScenarioRunner", "HarnessCommandLine",
    ]

    /// The declaration kinds that make up the API, as the digester names them.
    static let declarationKinds: Set<String> = ["TypeDecl", "Function", "Constructor", "Var", "Subscript", "TypeAlias", "AssociatedType", "OperatorDecl"]

    /// A declaration of the dump: what its baseline line says, and which of its parameters have a default.
    struct Declaration {
        /// `AdHarness Func SimulatedApp.launch(fileID:line:)` without the types.
        var module: String, kind: String, path: String
        /// The result type first, then each parameter's.
        var types: [String]
        /// For each parameter, whether a call may leave it out.
        var defaulted: [Bool]
        var isPackage: Bool, isDeprecated: Bool
        /// The `@_spi` groups that declare it: a user names it only after `@_spi(GROUP) import`, and the
        /// promise does not cover it (none, for the API every user sees).
        var spiGroups: [String] = []

        /// The baseline's line: module, kind, name, types, and what only siblings may name, what only an
        /// `@_spi` import reaches, or what is on its way out.
        var line: String {
            "\(module) \(kind) \(path)" + (types.isEmpty ? "" : " : \(types.joined(separator: ", "))") + (isPackage ? " (package)" : "")
                + (spiGroups.isEmpty ? "" : " (spi \(spiGroups.joined(separator: ", ")))") + (isDeprecated ? " (deprecated)" : "")
        }

        /// Whether a user of the products names it without opting in: neither `package` nor `@_spi`.
        var isPublicToUsers: Bool { !isPackage && spiGroups.isEmpty }
    }

    /// Every declaration of the dump in the products' modules.
    static func declarations(fromDump data: Data) throws -> [Declaration] {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tree = try #require(root["ABIRoot"] as? [String: Any])
        var found: [Declaration] = []
        func walk(_ node: [String: Any], path: String) {
            for child in node["children"] as? [[String: Any]] ?? [] {
                guard let kind = child["kind"] as? String, declarationKinds.contains(kind), let name = child["printedName"] as? String else { continue }
                let module = child["moduleName"] as? String ?? ""
                let full = path.isEmpty ? name : "\(path).\(name)"
                if modules.contains(module) {
                    let types = (child["children"] as? [[String: Any]] ?? []).filter {
                        ($0["kind"] as? String ?? "").hasPrefix("Type") && $0["kind"] as? String != "TypeDecl"
                    }
                    found.append(
                        Declaration(
                            module: module, kind: child["declKind"] as? String ?? kind, path: full, types: types.compactMap { $0["printedName"] as? String },
                            defaulted: types.dropFirst().map { $0["hasDefaultArg"] as? Bool == true }, isPackage: child["isInternal"] as? Bool == true,
                            isDeprecated: child["deprecated"] as? Bool == true, spiGroups: child["spi_group_names"] as? [String] ?? []))
                }
                walk(child, path: full)
            }
        }
        walk(tree, path: "")
        return found
    }

    /// One line per public declaration, sorted.
    static func lines(fromDump data: Data) throws -> [String] {
        Set(try declarations(fromDump: data).map(\.line)).sorted()
    }

    /// Whether a call written against `old` (a released line that is gone) still compiles against
    /// `new`: the same function with parameters added, each of them defaulted, the others unchanged.
    static func stillCallable(_ old: String, as new: Declaration) -> Bool {
        let parts = declaration(old).components(separatedBy: " : ")
        let head = parts[0].split(separator: " ", maxSplits: 2).map(String.init)
        guard head.count == 3, head[0] == new.module, head[1] == new.kind, let open = head[2].firstIndex(of: "("),
            let newOpen = new.path.firstIndex(of: "("), head[2][..<open] == new.path[..<newOpen]
        else { return false }
        func labels(_ path: Substring) -> [String] {
            path.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        let oldLabels = labels(head[2][open...])
        let newLabels = labels(new.path[newOpen...])
        let oldTypes = parts.count > 1 ? parts[1].components(separatedBy: ", ") : []
        guard oldTypes.first == new.types.first, newLabels.count == new.defaulted.count, newLabels.count + 1 == new.types.count else { return false }
        var next = 0
        for (label, type) in zip(oldLabels, oldTypes.dropFirst()) {
            // Skip the added parameters, which must each have a default, up to this one.
            while next < newLabels.count, newLabels[next] != label || new.types[next + 1] != type {
                guard new.defaulted[next] else { return false }
                next += 1
            }
            guard next < newLabels.count else { return false }
            next += 1
        }
        return new.defaulted[next...].allSatisfy { $0 }
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
    static let lastRelease = PackageFolder.url("api/released/0.11.0.txt")

    /// The declarations of the last release this release makes `package` or `internal` on purpose without a
    /// release of deprecation, as the release's file spells them; CHANGELOG.md says, under "Narrowed", what a
    /// user writes instead. (0.11.0's, 0.10.0's and 0.9.0's are in `api/released/narrowed-in-0.11.0.txt` and the like.)
    static let narrowed = PackageFolder.url("api/released/narrowed-in-0.12.0.txt")

    /// Modules renamed since the last release (0.9.0 renamed `HarnessSupport` to `StandInRuntime`). None
    /// is a product: a consumer reaches their declarations through `AdHarness`'s re-export and names them
    /// unqualified, so a line of the release stands for the same declaration under the module's new name
    /// (CHANGELOG.md says so).
    static let renamedModules: [String: String] = [:]

    /// Types moved to another module since the last release (old module, new module, type; 0.9.0 moved
    /// `Step` and `SettingsChange` from Scenarios to AdHarness). Every example and consumer-view test that
    /// names them imports both modules, so a line of the release stands for the same declaration in
    /// whichever of the two declares it now (CHANGELOG.md says so).
    static let movedTypes: [(String, String, String)] = []

    /// Types renamed since the last release (old name, new name), each still declared as a deprecated
    /// type alias of its new name (CHANGELOG.md says so): a consumer's code that names the old type, its
    /// members included, compiles with a deprecation warning, so a line of the release stands for the
    /// same declaration under the type's new name.
    /// (0.10.0's renames, `Invariant` to `RuleID` and the rest, are deprecated aliases in its own API.)
    static let renamedTypes: [(String, String)] = []

    /// A line of the last release as this release spells its modules, moved types and renamed types.
    static func renamingModules(_ line: String) -> String {
        var line = renamedModules.reduce(line) { line, rename in
            let (old, new) = rename
            let moved = line.hasPrefix(old + " ") ? new + line.dropFirst(old.count) : Substring(line)
            return String(moved).replacingOccurrences(of: old + ".", with: new + ".")
        }
        for (old, new, type) in movedTypes {
            line = line.replacingOccurrences(of: "\\b\(old)\\.\(type)\\b", with: "\(new).\(type)", options: .regularExpression)
        }
        for (old, new) in renamedTypes {
            line = line.replacingOccurrences(of: "\\b\(old)\\b", with: new, options: .regularExpression)
        }
        return line
    }

    /// What a consumer names in a line: the line without its marks, and without its module where the
    /// declaration belongs to a moved type (it may be declared in either module).
    static func consumerKey(_ line: String) -> String {
        var text = declaration(line)
        // A type's line lists its nested type aliases after ` : ` (`AllCases, RawValue`); a consumer names
        // the type alone, so a nested alias added (a deprecated forwarder) leaves the type as it was.
        if let kind = text.split(separator: " ").dropFirst().first, ["Class", "Struct", "Enum", "Protocol"].contains(kind),
            let colon = text.range(of: " : ")
        {
            text = String(text[..<colon.lowerBound])
        }
        let parts = text.split(separator: " ", maxSplits: 2)
        guard parts.count == 3 else { return text }
        let owner = parts[2].prefix { $0 != "." && $0 != " " && $0 != "(" }
        return movedTypes.contains { [$0.0, $0.1].contains(String(parts[0])) && $0.2 == owner } ? "\(parts[1]) \(parts[2])" : text
    }

    /// A line's module, kind and name up to its parameters (`AdHarness Func SimulatedApp.launch`).
    static func baseName(of line: String) -> Substring {
        let head = line.split(separator: " ", maxSplits: 2)
        guard head.count == 3 else { return Substring(line) }
        return line[head[0].startIndex..<head[2].prefix { $0 != "(" && $0 != " " }.endIndex]
    }

    /// A line without its marks: what a consumer names.
    static func declaration(_ line: String) -> String {
        line.replacingOccurrences(of: " (package)", with: "").replacingOccurrences(of: " \\(spi [^)]*\\)", with: "", options: .regularExpression)
            .replacingOccurrences(of: " (deprecated)", with: "")
    }

    #if os(Linux)
        @Test(
            "a consumer of the last release builds with deprecation warnings only: each of its public declarations is still declared or still callable, unless it was deprecated then"
        )
        func deprecationWindow() throws {
            let released = try String(contentsOf: Self.lastRelease, encoding: .utf8).split(separator: "\n").map { Self.renamingModules(String($0)) }
            let narrowed = try String(contentsOf: Self.narrowed, encoding: .utf8).split(separator: "\n").map { Self.renamingModules(String($0)) }
            // What a consumer can still name: a `package` declaration is out of its reach, and an `@_spi` one
            // needs an import the consumer of a release did not write.
            let current = try Self.declarations(fromDump: Self.dump()).filter(\.isPublicToUsers)
            let declared = Set(current.map { Self.consumerKey($0.line) })
            // The current declarations by module, kind and base name: a released function can only still be
            // callable as one of the same base name, so each gone line is compared with those alone.
            let byBaseName = Dictionary(grouping: current) { Self.baseName(of: $0.line) }
            // A declaration a user could name (not `package`) and the release did not already deprecate must stay,
            // deprecated at worst, with a forwarder to what replaces it (`@available(*, deprecated, renamed:)`), or
            // stay callable as written (parameters added with defaults), unless it is listed as narrowed on purpose.
            // `__derived_...` are the compiler's own witnesses (a synthesized `==`), not names a user writes.
            let gone = released.filter { line in
                !line.hasSuffix(" (package)") && !line.contains(" (spi ") && !line.hasSuffix(" (deprecated)") && !line.contains(".__derived_")
                    && !declared.contains(Self.consumerKey(line))
                    && !(byBaseName[Self.baseName(of: line)] ?? []).contains { Self.stillCallable(line, as: $0) }
            }
            // A renamed type's old name is a deprecated alias of its new one, so what the release declared on it still compiles.
            for (old, new) in Self.renamedTypes {
                #expect(
                    current.contains { $0.kind == "TypeAlias" && $0.path == old && $0.types.count == 1 && $0.types[0].hasSuffix(".\(new)") && $0.isDeprecated },
                    "\(old), renamed \(new), is no deprecated type alias of it")
            }
            let unannounced = gone.filter { !narrowed.contains($0) }
            let stillPublic = narrowed.filter { !gone.contains($0) }
            #expect(released.count > 1_000)
            #expect(
                unannounced.isEmpty,
                """
                \(unannounced.count) removed without a deprecated forwarder for one release (or, made package or internal on \
                purpose, not listed in \(Self.narrowed.lastPathComponent) and CHANGELOG.md):
                \(unannounced.prefix(40).joined(separator: "\n"))
                """)
            #expect(
                stillPublic.isEmpty,
                "\(stillPublic.count) listed as narrowed but still public, or not a line of the last release:\n\(stillPublic.prefix(40).joined(separator: "\n"))"
            )
        }
    #endif

    @Test("a call written against a released declaration still compiles when only defaulted parameters were added, and not otherwise")
    func addedDefaultedParameters() {
        let old = "AdRequestKit Constructor Config.init(a:b:) : AdRequestKit.Config, Swift.Int, Swift.Bool?"
        func new(_ path: String, _ types: [String], _ defaulted: [Bool]) -> Declaration {
            Declaration(module: "AdRequestKit", kind: "Constructor", path: path, types: types, defaulted: defaulted, isPackage: false, isDeprecated: false)
        }
        let config = "AdRequestKit.Config"
        #expect(
            Self.stillCallable(
                old, as: new("Config.init(a:x:b:y:)", [config, "Swift.Int", "Swift.Int", "Swift.Bool?", "Swift.Int"], [false, true, true, true])))
        #expect(!Self.stillCallable(old, as: new("Config.init(a:x:b:)", [config, "Swift.Int", "Swift.Int", "Swift.Bool?"], [false, false, true])))
        #expect(!Self.stillCallable(old, as: new("Config.init(a:b:)", [config, "Swift.Int", "Swift.Bool"], [false, true])))
        #expect(!Self.stillCallable(old, as: new("Config.init(b:a:)", [config, "Swift.Bool?", "Swift.Int"], [true, false])))
    }

    @Test("a declaration only an @_spi import reaches is marked so in its line, and is not the API every user sees")
    func spiIsMarked() throws {
        let dump =
            #"{"ABIRoot": {"children": [{"kind": "TypeDecl", "declKind": "Class", "printedName": "Trace", "moduleName": "StandInRuntime", "children": [{"kind": "Function", "declKind": "Func", "printedName": "append(_:)", "moduleName": "StandInRuntime", "spi_group_names": ["StandIns"], "children": [{"kind": "TypeNominal", "printedName": "()"}]}]}]}}"#
        let found = try Self.declarations(fromDump: Data(dump.utf8))
        #expect(found.map(\.line) == ["StandInRuntime Class Trace", "StandInRuntime Func Trace.append(_:) : () (spi StandIns)"])
        #expect(found.map(\.isPublicToUsers) == [true, false])
        #expect(Self.declaration(found[1].line) == "StandInRuntime Func Trace.append(_:) : ()")
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

    @Test("what the CHANGELOG announces for the next release names public declarations of this one")
    func announcedNarrowingIsPublic() throws {
        let baseline = try String(contentsOf: Self.baseline, encoding: .utf8).split(separator: "\n").map(String.init)
        let announced = try String(contentsOf: PackageFolder.url("api/announced-for-0.13.0.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(Self.namingNoPublicDeclaration(announced, in: baseline) == [])
        // The check itself: a path no public declaration has, a `package` one, and a line of three words are each named.
        #expect(
            Self.namingNoPublicDeclaration(
                ["AdHarness SimulatedApp", "AdHarness NoSuchType", "StandInRuntime FaultError", "AdHarness Rule Set"], in: baseline)
                == ["AdHarness NoSuchType", "StandInRuntime FaultError", "AdHarness Rule Set"])
    }

    /// The lines of an announcement (a module and a declaration's path each) that name no public declaration of the baseline.
    static func namingNoPublicDeclaration(_ announced: [String], in baseline: [String]) -> [String] {
        announced.filter { entry in
            let parts = entry.split(separator: " ")
            let named = baseline.filter { line in
                let fields = line.split(separator: " ", maxSplits: 2)
                return fields.count == 3 && fields[0] == parts.first && fields[2].prefix { $0 != " " && $0 != "(" } == parts.last
            }
            return !(parts.count == 2 && !named.isEmpty && named.allSatisfy { !$0.hasSuffix("(package)") && !$0.contains(" (spi ") })
        }
    }
}
