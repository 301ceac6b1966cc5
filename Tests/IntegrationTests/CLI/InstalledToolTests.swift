import Foundation
import Testing

/// `adharness` copied out of the build folder, as a team installs it, and run from another folder:
/// it still finds the bundled scenarios.
@Suite("An installed adharness")
struct InstalledToolTests {
    /// A new empty folder.
    static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("copied with its resource folder, it runs the scenarios in that folder, from any working folder")
    func copiedWithResources() throws {
        let install = try Self.folder("install")
        let elsewhere = try Self.folder("elsewhere")
        defer { for folder in [install, elsewhere] { try? FileManager.default.removeItem(at: folder) } }
        let built = CommandLineTests.builtTool
        let resources = "AdConsentHarness_Scenarios.resources"
        try FileManager.default.copyItem(at: built, to: install.appendingPathComponent("adharness"))
        try FileManager.default.copyItem(
            at: built.deletingLastPathComponent().appendingPathComponent(resources),
            to: install.appendingPathComponent(resources))
        // Keep one scenario in the installed copy, so the run shows which copy it read.
        let installed = install.appendingPathComponent("\(resources)/Fixtures")
        for entry in try FileManager.default.contentsOfDirectory(atPath: installed.path) where entry != "qa" {
            try FileManager.default.removeItem(at: installed.appendingPathComponent(entry))
        }
        for entry in try FileManager.default.contentsOfDirectory(atPath: installed.appendingPathComponent("qa").path)
        where entry != "first-launch-allow.json" {
            try FileManager.default.removeItem(at: installed.appendingPathComponent("qa/\(entry)"))
        }

        let run = try CommandLineTests.adharness([], in: elsewhere, tool: install.appendingPathComponent("adharness"))

        #expect(run.code == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("PASS  Fixtures/qa/first-launch-allow.json"))
        #expect(run.output.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test("copied alone, it runs the bundled scenarios of the checkout it was built from")
    func copiedAlone() throws {
        let install = try Self.folder("install")
        let elsewhere = try Self.folder("elsewhere")
        defer { for folder in [install, elsewhere] { try? FileManager.default.removeItem(at: folder) } }
        try FileManager.default.copyItem(at: CommandLineTests.builtTool, to: install.appendingPathComponent("adharness"))
        let bundled = try FileManager.default.subpathsOfDirectory(atPath: PackageFolder.url("Fixtures").path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }

        let run = try CommandLineTests.adharness([], in: elsewhere, tool: install.appendingPathComponent("adharness"))

        #expect(run.code == 0, "\(run.errors)")
        #expect(run.output.hasSuffix("\(bundled.count) passed, 0 failed\n"), "\(run.output.suffix(200))")
    }
}
