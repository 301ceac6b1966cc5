import Foundation

/// Finding scenario files: the bundled `Fixtures/` folder, or the files and folders a user names.
public enum FixtureFiles {
    /// The package's `Fixtures/` folder, found from this source file's location.
    public static var bundledDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    /// Every scenario file in the given files and folders (folders recursively), sorted by path.
    ///
    /// A scenario is a `.json` file; `*.schema.json` files are the format's schema, not scenarios.
    public static func scenarioFiles(in paths: [String]) throws(ScenarioError) -> [URL] {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScenarioError(file: path, message: "no such file or folder")
            }
            let url = URL(fileURLWithPath: path)
            guard isDirectory.boolValue else {
                files.append(url)
                continue
            }
            let found = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }
                .filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasSuffix(".schema.json") } ?? []
            files.append(contentsOf: found)
        }
        return files.sorted { $0.path < $1.path }
    }
}
