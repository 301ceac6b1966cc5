import AppInfoPlist
import Foundation

/// Checks an app's Info.plist, privacy manifests, bundled SDKs and the SDK versions its lock files
/// pin for what crashes the app, gets the build rejected, or breaks attribution or consent: the
/// rules `adharness lint --list-rules` prints.
///
/// ```swift
/// @Test func appConfigurationShips() {
///     let report = ConfigurationLinter().lint(paths: ["MyApp"])
///     #expect(report.unreadable.isEmpty)
///     #expect(report.findings(atLeast: .warning) == [], "\(LintTextReport().text(for: report))")
/// }
/// ```
public struct ConfigurationLinter: Sendable {
    /// What the files cannot say themselves.
    public var options: LintOptions

    /// A linter.
    public init(options: LintOptions = LintOptions()) { self.options = options }

    /// Lints files and folders: each an Info.plist, a `.xcprivacy` manifest, a `Package.resolved` or
    /// `Podfile.lock`, or a folder searched for them.
    public func lint(paths: [String]) -> LintReport {
        let targets = LintTargets(paths: paths)
        var files: [LintReport.CheckedFile] = []
        var findings: [LintFinding] = []
        var unreadable =
            targets.missing.map { InfoPlistError(file: $0, problem: "expected a file or folder, found nothing at this path") }
            + targets.empty.map {
                InfoPlistError(
                    file: $0,
                    problem:
                        "expected a folder holding an Info.plist, a PrivacyInfo.xcprivacy, a Package.resolved or Podfile.lock, or a bundled SDK, found none")
            }
        var pinned: [DependencyLock.Entry] = []
        for file in targets.files where file.kind == .dependencyLock {
            do {
                pinned += try DependencyLock.read(file.url, file: file.display).entries
                files.append(LintReport.CheckedFile(path: file.display, kind: .dependencyLock))
            } catch {
                unreadable.append(error)
            }
        }
        findings += SDKVersionRules.check(pinned)
        for file in targets.files where file.kind != .dependencyLock {
            do {
                let document = try LintDocument.read(file.url, file: file.display, kind: file.kind)
                files.append(LintReport.CheckedFile(path: file.display, kind: file.kind))
                findings += check(document)
            } catch {
                unreadable.append(error)
            }
        }
        for app in targets.appsWithoutManifest {
            findings.append(LintFinding(rule: .manifestMissing, file: app.infoPlist, message: "no PrivacyInfo.xcprivacy in \(app.folder) outside bundled SDKs"))
        }
        for sdk in targets.sdks where !sdk.hasManifest && ListedSDKs.names.contains(sdk.name) {
            files.append(LintReport.CheckedFile(path: sdk.display, kind: .sdk))
            findings.append(
                LintFinding(rule: .listedSDKWithoutManifest, file: sdk.display, message: "\(sdk.name) is on Apple's list and ships no PrivacyInfo.xcprivacy"))
        }
        return LintReport(files: files, findings: findings, unreadable: unreadable)
    }

    /// Lints an Info.plist given as values, as a test holds it.
    public func lint(infoPlist: InfoPlist, file: String = "Info.plist") -> [LintFinding] {
        LintReport(findings: check(LintDocument(file: file, kind: .infoPlist, values: infoPlist.values))).findings
    }

    /// Lints a privacy manifest given as values; `isSDK` allows the codes meant for SDKs.
    public func lint(privacyManifest values: [String: PropertyListValue], file: String = "PrivacyInfo.xcprivacy", isSDK: Bool = false) -> [LintFinding] {
        let document = LintDocument(file: file, kind: isSDK ? .sdkPrivacyManifest : .appPrivacyManifest, values: values)
        return LintReport(findings: check(document)).findings
    }

    private func check(_ document: LintDocument) -> [LintFinding] {
        switch document.kind {
        case .infoPlist: InfoPlistRules.check(document, options: options)
        case .appPrivacyManifest, .sdkPrivacyManifest: PrivacyManifestRules.check(document)
        case .sdk, .dependencyLock: []
        }
    }
}
