import Foundation
import Testing

/// The adapters onto the real frameworks are a package of their own (`Adapters/`). Building it
/// (`swift build --package-path Adapters --build-tests`) compiles this package a second time, so
/// `swift test` type-checks the same files another way: the framework stubs of `Adapters/Stubs`
/// become modules, and the adapters and the device contract tests are checked against them and
/// against this build's own modules, warnings as errors. A change to a port that breaks an adapter
/// fails here.
@Suite("Adapters for the real SDKs")
struct AdapterTypeCheckTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Adapters").standardized

    /// The stub modules, each after the ones it imports (the consent SDK's uses `UIKit`'s view controller).
    static let stubModules = [
        "AppTrackingTransparency", "AdSupport", "CoreLocation", "UIKit", "UserMessagingPlatform", "GoogleMobileAds", "FirebaseAnalytics",
        "AppLovinSDK",
    ]

    /// The Swift files directly in a folder of the Adapters package, as absolute paths.
    static func swiftFiles(in folder: String) throws -> [String] {
        let root = package.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { root.appendingPathComponent($0).path }
    }

    /// Runs `swiftc` with the arguments; returns its diagnostics when it fails.
    static func swiftc(_ arguments: [String]) throws -> String? {
        try Toolchain.run("swiftc", ["-swift-version", "6", "-warnings-as-errors"] + arguments)
    }

    #if os(Linux)
        @Test("every adapter and the device contract tests type-check against the framework stubs, with no warning")
        func typeChecks() throws {
            // This build's modules (AdRequestKit, AdHarnessContracts) sit next to the test runner.
            let built = Toolchain.builtModules
            try #require(FileManager.default.fileExists(atPath: built.appendingPathComponent("AdRequestKit.swiftmodule").path), "\(built.path)")
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("adapter-modules-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: output) }
            let search = ["-I", output.path, "-I", built.path]

            let stubFolders = try FileManager.default.contentsOfDirectory(atPath: Self.package.appendingPathComponent("Stubs").path).sorted()
            #expect(stubFolders == Self.stubModules.sorted(), "a stub folder this test does not compile")
            var problems: [String: String] = [:]
            for module in Self.stubModules {
                problems[module] = try Self.swiftc(
                    [
                        "-parse-as-library", "-emit-module", "-module-name", module, "-emit-module-path",
                        output.appendingPathComponent("\(module).swiftmodule").path,
                    ]
                        + search + Self.swiftFiles(in: "Stubs/\(module)")
                )
            }
            let adapters = try Self.swiftFiles(in: "Sources/Adapters")
            problems["Adapters"] = try Self.swiftc(
                [
                    "-parse-as-library", "-emit-module", "-module-name", "Adapters", "-emit-module-path",
                    output.appendingPathComponent("Adapters.swiftmodule").path,
                ]
                    + search + adapters
            )
            problems["DeviceTests"] = try Self.swiftc(["-typecheck"] + search + Self.swiftFiles(in: "DeviceTests"))
            #expect(adapters.count == 10, "\(adapters)")
            #expect(problems.compactMapValues { $0 } == [:])
        }
    #endif

    @Test("the package's manifest and every stub parse")
    func parses() throws {
        let files = try Self.stubModules.flatMap { try Self.swiftFiles(in: "Stubs/\($0)") } + [Self.package.appendingPathComponent("Package.swift").path]
        let problems = try files.compactMap { file in try Self.swiftc(["-parse", file]).map { "\(file): \($0)" } }
        #expect(problems == [])
    }
}
