import Foundation

/// Finding scenario files: the bundled `Fixtures/` folder, or the files and folders a user names.
public enum FixtureFiles {
    /// The bundled fixtures' folder: the first of `bundledDirectoryCandidates` that exists, or the
    /// first candidate when none does (reading it then fails with "no such file or folder").
    public static var bundledDirectory: URL {
        bundledDirectoryCandidates.first { isFolder($0) } ?? bundledDirectoryCandidates[0]
    }

    /// Where the bundled fixtures may be, in the order they are looked for.
    ///
    /// SwiftPM copies the package's top-level `Fixtures/` into this module's resource bundle, next
    /// to the executable that links it (`adharness`, or a test runner): an installed `adharness`
    /// finds them when its resource bundle is copied along with it. A binary copied without it
    /// still finds the package's own `Fixtures/` while the checkout it was built from exists.
    package static var bundledDirectoryCandidates: [URL] {
        var folders = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
            executable.standardizedFileURL != Bundle.main.bundleURL.standardizedFileURL
        {
            folders.append(executable)
        }
        var candidates = folders.flatMap { folder in
            resourceBundleNames.map { folder.appendingPathComponent($0).appendingPathComponent("Fixtures") }
        }
        candidates.append(sourceDirectory)
        return candidates
    }

    /// The bundled fixtures' folder, or an error naming every place looked in.
    package static func locateBundled() throws(ScenarioError) -> URL {
        let candidates = bundledDirectoryCandidates
        guard let found = candidates.first(where: isFolder) else {
            throw ScenarioError(
                file: "Fixtures",
                message: "the bundled fixtures are not installed: expected a folder at "
                    + candidates.map(\.path).joined(separator: " or ")
                    + " (copy \(resourceBundleNames[0]) next to the executable)"
            )
        }
        return found
    }

    /// The resource bundle SwiftPM makes for this module: `<package>_<module>`, a `.resources`
    /// folder on Linux and Windows, a `.bundle` on Apple platforms.
    static let resourceBundleNames = ["AdConsentHarness_Scenarios.resources", "AdConsentHarness_Scenarios.bundle"]

    /// The package's own `Fixtures/`, found from this source file's location.
    static var sourceDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Running
            .deletingLastPathComponent()  // Scenarios
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every scenario file in the given files and folders (folders recursively), sorted by path.
    ///
    /// A scenario is a `.json` file (`.JSON` too); `*.schema.json` files are the format's schema, not scenarios.
    package static func scenarioFiles(in paths: [String]) throws(ScenarioError) -> [URL] {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                    throw ScenarioError(file: path, message: "a symbolic link to \(target) that leads to nothing (its target is gone, or links loop)")
                }
                throw ScenarioError(file: path, message: "no such file or folder")
            }
            let url = URL(fileURLWithPath: path)
            guard isDirectory.boolValue else {
                files.append(url)
                continue
            }
            let found =
                FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }
                // `.JSON` too: a scenario saved so (a Windows habit) would otherwise not run, unseen.
                .filter { $0.pathExtension.lowercased() == "json" && !$0.lastPathComponent.lowercased().hasSuffix(".schema.json") } ?? []
            files.append(contentsOf: found)
        }
        return files.sorted { $0.path < $1.path }
    }
}
