import Foundation
import Testing

/// The code is laid out by the toolchain's `swift-format` with the checked-in `.swift-format`:
/// `swift format -i -r Sources Tests Package.swift Adapters` fixes what this test finds. Mechanical
/// ports of other codebases and of framework headers keep their source's layout
/// (`// swift-format-ignore-file` at their top).
@Suite("Format")
struct FormatTests {
    @Test("swift format lint finds nothing in the package, its tests or the adapters")
    func formatted() throws {
        let paths = ["Sources", "Tests", "Package.swift", "Adapters"].map { PackageFolder.url($0).path }
        let configuration = PackageFolder.url(".swift-format").path

        let findings = try Toolchain.run("swift", ["format", "lint", "--strict", "--parallel", "--configuration", configuration, "-r"] + paths)

        #expect(findings == nil, "\(findings ?? "")")
    }
}
