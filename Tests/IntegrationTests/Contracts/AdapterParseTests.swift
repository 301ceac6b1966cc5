import Foundation
import Testing

/// The adapters onto the real frameworks (`Adapters/`) build only on Apple platforms; on Linux
/// every one of them at least parses, inactive `#if` branches included.
@Suite("Adapters for the real SDKs")
struct AdapterParseTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Adapters")

    @Test("every adapter file parses with swiftc -parse")
    func parses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        var problems: [String: String] = [:]
        for file in files {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc", "-parse", Self.folder.appendingPathComponent(file).path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 { problems[file] = text }
        }
        #expect(files.count == 8)
        #expect(problems == [:])
    }
}
