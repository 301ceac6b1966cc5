import Foundation

/// The toolchain's own tools, run on this build's modules: for tests that type-check the adapters
/// or dump the public API without building the package a second time.
enum Toolchain {
    /// The modules of this build, next to the test runner (`.build/<triple>/debug/Modules`).
    static let builtModules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")

    /// The target triple the modules were built for, from the build folder's name
    /// (`.build/x86_64-unknown-linux-gnu/debug`).
    static let target = builtModules.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

    /// Runs a toolchain command (`swiftc`, `swift-api-digester`) found on the path; returns its
    /// diagnostics (standard error and output together) when it fails, `nil` when it succeeds.
    static func run(_ tool: String, _ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let diagnostics = Pipe()
        process.standardError = diagnostics
        process.standardOutput = diagnostics
        try process.run()
        let text = String(decoding: diagnostics.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : text
    }
}
