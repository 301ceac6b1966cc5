import Foundation

/// The files and SDK folders a lint looks at, found from the paths a user gives.
///
/// A file is linted as what its name says (`.xcprivacy` a manifest, anything else an Info.plist). A
/// folder is searched, hidden folders skipped: `Info.plist` files are the app's unless they sit in a
/// bundled SDK, a `.bundle`, an `.appex` or a folder ending in `Tests`; `PrivacyInfo.xcprivacy` files
/// are the app's or an SDK's by the same test. A bundled SDK is a `.framework` or `.xcframework`, or
/// a folder directly under `Pods/`, `Carthage/Checkouts/` or `SourcePackages/checkouts/`. A
/// `Package.resolved` or `Podfile.lock` outside bundled SDKs is the app's lock file; a file given by
/// name is one when its name ends so.
struct LintTargets {
    /// A file to read.
    struct File {
        var url: URL
        var display: String
        var kind: LintFileKind
    }

    /// A bundled SDK folder, and whether any privacy manifest lies inside it.
    struct SDK {
        var name: String
        var display: String
        var hasManifest: Bool
    }

    /// A folder given by the user with an app Info.plist but no app manifest.
    struct AppWithoutManifest {
        var infoPlist: String
        var folder: String
    }

    var files: [File] = []
    var sdks: [SDK] = []
    var appsWithoutManifest: [AppWithoutManifest] = []
    var missing: [String] = []
    /// Folders given by the user with nothing to lint in them.
    var empty: [String] = []

    init(paths: [String]) {
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                missing.append(path)
                continue
            }
            let url = URL(fileURLWithPath: path)
            if isFolder.boolValue {
                search(url, display: path)
            } else {
                let kind: LintFileKind =
                    url.pathExtension == "xcprivacy" ? .appPrivacyManifest : DependencyLock.isLockFile(url.lastPathComponent) ? .dependencyLock : .infoPlist
                files.append(File(url: url, display: path, kind: kind))
            }
        }
    }

    private static let sdkParents: Set<String> = ["Pods", "Checkouts", "checkouts"]

    private mutating func search(_ folder: URL, display: String) {
        let root = folder.standardizedFileURL.path
        let found =
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])?
            .compactMap { $0 as? URL } ?? [])
            .map { url in (url, String(url.standardizedFileURL.path.dropFirst(root.count + 1))) }
            .sorted { $0.1 < $1.1 }
        let base = display.hasSuffix("/") ? String(display.dropLast()) : display
        var sdkFolders: [String: Bool] = [:]
        var appFiles: [File] = []
        var locks: [File] = []
        var appManifests = 0
        for (url, relative) in found {
            let components = relative.split(separator: "/").map(String.init)
            let sdkRoot = Self.sdkRoot(components)
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isFolder {
                if let sdkRoot, sdkRoot == relative { sdkFolders[sdkRoot] = sdkFolders[sdkRoot] ?? false }
                continue
            }
            let name = url.lastPathComponent
            if name == "PrivacyInfo.xcprivacy" {
                if let sdkRoot {
                    sdkFolders[sdkRoot] = true
                    files.append(File(url: url, display: "\(base)/\(relative)", kind: .sdkPrivacyManifest))
                } else {
                    appManifests += 1
                    files.append(File(url: url, display: "\(base)/\(relative)", kind: .appPrivacyManifest))
                }
            } else if name == "Info.plist", sdkRoot == nil, !components.dropLast().contains(where: Self.isOtherBundle) {
                appFiles.append(File(url: url, display: "\(base)/\(relative)", kind: .infoPlist))
            } else if name == "Package.resolved" || name == "Podfile.lock", sdkRoot == nil {
                locks.append(File(url: url, display: "\(base)/\(relative)", kind: .dependencyLock))
            }
        }
        files += appFiles + locks
        if appFiles.isEmpty && locks.isEmpty && sdkFolders.isEmpty && !found.contains(where: { $0.1.hasSuffix(".xcprivacy") }) {
            empty.append(display)
        }
        if appManifests == 0, let first = appFiles.first {
            appsWithoutManifest.append(AppWithoutManifest(infoPlist: first.display, folder: display))
        }
        for (relative, hasManifest) in sdkFolders.sorted(by: { $0.key < $1.key }) {
            let last = relative.split(separator: "/").last.map(String.init) ?? relative
            let name = last.replacingOccurrences(of: ".xcframework", with: "").replacingOccurrences(of: ".framework", with: "")
            sdks.append(SDK(name: name, display: "\(base)/\(relative)", hasManifest: hasManifest))
        }
    }

    /// The relative path of the outermost bundled SDK folder holding this path, if any.
    static func sdkRoot(_ components: [String]) -> String? {
        for (index, component) in components.enumerated() {
            let isSDK =
                component.hasSuffix(".framework") || component.hasSuffix(".xcframework")
                || (index > 0 && sdkParents.contains(components[index - 1]))
            if isSDK { return components[...index].joined(separator: "/") }
        }
        return nil
    }

    /// A folder whose Info.plist is not the app's: a resource bundle, an extension or a test target.
    static func isOtherBundle(_ component: String) -> Bool {
        component.hasSuffix(".bundle") || component.hasSuffix(".appex") || component.hasSuffix("Tests")
    }
}
