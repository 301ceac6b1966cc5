import AppInfoPlist
import Foundation

/// A package manager's lock file, read for the versions of the SDKs the harness tracks: a Swift
/// package manager `Package.resolved` (format 1, 2 or 3) or a CocoaPods `Podfile.lock`.
struct DependencyLock {
    /// One tracked SDK the file pins, where, and at which version (`nil`: a branch or a revision).
    struct Entry {
        var sdk: TrackedSDK
        var version: SDKVersion?
        /// The pin as written: `13.12.0`, or `branch main`, `revision 1a2b3c4`.
        var pinned: String
        var file: String
        var line: Int
    }

    var file: String
    var entries: [Entry]

    /// The largest lock file read: a real one is a few kilobytes.
    static let maximumSize = 10_000_000

    /// Whether a file name is a lock file's: `Package.resolved` or `Podfile.lock`, after any prefix.
    static func isLockFile(_ name: String) -> Bool { name.hasSuffix("Package.resolved") || name.hasSuffix("Podfile.lock") }

    /// Reads a lock file; a file that is not one of the formats is an error naming what was expected.
    static func read(_ url: URL, file: String) throws(InfoPlistError) -> DependencyLock {
        // Checked before reading, so a device file or a huge file is never read whole.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw InfoPlistError(file: file, problem: "expected a lock file, found a special file or a folder")
        }
        guard (attributes?[.size] as? Int ?? 0) <= maximumSize else {
            throw InfoPlistError(file: file, problem: "expected a lock file of at most \(maximumSize / 1_000_000) MB, found a larger file")
        }
        guard let data = try? Data(contentsOf: url) else { throw InfoPlistError(file: file, problem: "expected a readable file, could not read it") }
        var text = String(decoding: data, as: UTF8.self)
        // A byte order mark, and Windows line ends (a checkout with autocrlf): the same file to a reader.
        if text.first == "\u{FEFF}" { text.removeFirst() }
        // "\r\n" is one Character in Swift, so splitting on "\n" alone would keep a CRLF file whole.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if url.lastPathComponent.hasSuffix("Podfile.lock") { return try podfileLock(lines, file: file) }
        return try packageResolved(data, lines: lines, file: file)
    }

    /// `Package.resolved`: `pins` at the top (formats 2 and 3) or under `object` (format 1), each
    /// with `identity` or `package`, `location` or `repositoryURL`, and `state.version`.
    static func packageResolved(_ data: Data, lines: [Substring], file: String) throws(InfoPlistError) -> DependencyLock {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw InfoPlistError(file: file, problem: "expected a Package.resolved (a JSON object with pins), found text that is not a JSON object")
        }
        guard let pins = (object["pins"] ?? (object["object"] as? [String: Any])?["pins"]) as? [Any] else {
            throw InfoPlistError(file: file, problem: "expected a Package.resolved with a pins array (at the top, or under object in format 1), found none")
        }
        var entries: [Entry] = []
        for (index, element) in pins.enumerated() {
            guard let pin = element as? [String: Any] else {
                throw InfoPlistError(file: file, problem: "pins[\(index)]: expected an object (a package's pin), found \(jsonKind(element))")
            }
            let names = [pin["identity"], pin["location"], pin["package"], pin["repositoryURL"]].compactMap { $0 as? String }
            guard let sdk = names.lazy.compactMap(TrackedSDK.init(packageIdentityOrLocation:)).first else { continue }
            // A tracked SDK's pin that does not say what it pins is refused, never read as "not a release".
            let pinName = "pins[\(index)] (\(sdk.rawValue))"
            guard let state = pin["state"] as? [String: Any] else {
                throw InfoPlistError(
                    file: file, problem: "\(pinName).state: expected an object with version, branch or revision, found \(jsonKind(pin["state"]))")
            }
            for key in ["version", "branch", "revision"] where state[key] != nil && !(state[key] is String) && !(state[key] is NSNull) {
                throw InfoPlistError(file: file, problem: "\(pinName).state.\(key): expected a string, found \(jsonKind(state[key]))")
            }
            let versionText = state["version"] as? String
            let pinned: String
            if let versionText {
                pinned = versionText
            } else if let branch = state["branch"] as? String {
                pinned = "branch \(branch)"
            } else if let revision = state["revision"] as? String {
                pinned = "revision \(revision.prefix(7))"
            } else {
                throw InfoPlistError(file: file, problem: "\(pinName).state: expected a version, branch or revision, found none")
            }
            let line = lines.firstIndex { $0.contains(sdk.packageIdentity) }.map { $0 + 1 } ?? 1
            entries.append(Entry(sdk: sdk, version: versionText.flatMap(SDKVersion.init(text:)), pinned: pinned, file: file, line: line))
        }
        return DependencyLock(file: file, entries: entries)
    }

    /// `Podfile.lock`: under `PODS:`, each pod at two spaces' indent as `- Name (version)`, with
    /// its own dependencies below it at four.
    static func podfileLock(_ lines: [Substring], file: String) throws(InfoPlistError) -> DependencyLock {
        guard let start = lines.firstIndex(where: { $0 == "PODS:" }) else {
            throw InfoPlistError(file: file, problem: "expected a Podfile.lock with a PODS: section, found none")
        }
        var entries: [Entry] = []
        for index in lines.indices where index > start {
            let line = lines[index]
            if !line.isEmpty && !line.hasPrefix(" ") { break }
            guard line.hasPrefix("  - "), !line.hasPrefix("    ") else { continue }
            var body = line.dropFirst(4)
            if body.hasSuffix(":") { body = body.dropLast() }
            if body.hasPrefix("\"") && body.hasSuffix("\"") { body = body.dropFirst().dropLast() }
            guard let open = body.firstIndex(of: "("), body.hasSuffix(")") else { continue }
            let name = body[..<open].trimmingCharacters(in: .whitespaces)
            guard let sdk = TrackedSDK(podName: name) else { continue }
            let versionText = String(body[body.index(after: open)..<body.index(before: body.endIndex)])
            entries.append(Entry(sdk: sdk, version: SDKVersion(text: versionText), pinned: versionText, file: file, line: index + 1))
        }
        return DependencyLock(file: file, entries: entries)
    }
}

/// A JSON value's kind in words, for an error about a lock file.
private func jsonKind(_ value: Any?) -> String {
    switch value {
    case nil: "nothing"
    case is NSNull: "null"
    case is String: "a string"
    case is [Any]: "an array"
    case is [String: Any]: "an object"
    case let number as NSNumber: "the number or Boolean \(number)"
    default: "a value of type \(type(of: value!))"
    }
}
