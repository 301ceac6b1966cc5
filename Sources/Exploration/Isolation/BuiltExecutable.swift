import Foundation

/// Finds a package's executable built beside the running tests or tool.
package enum BuiltExecutable {
    /// The executable `name` built beside the running tests (`swift build` and `swift test` put a
    /// package's executables there) or beside this executable, or `nil`.
    package static func named(_ name: String) -> URL? {
        let testBundles = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        let starts = testBundles + [URL(fileURLWithPath: CommandLine.arguments.first ?? ".")]
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }
}
