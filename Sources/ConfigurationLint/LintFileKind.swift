/// What a linted file is, which decides the rules it is held to.
package enum LintFileKind: String, Hashable, Sendable, Codable {
    /// An app's `Info.plist`.
    case infoPlist
    /// The app's own `PrivacyInfo.xcprivacy`.
    case appPrivacyManifest
    /// A bundled SDK's `PrivacyInfo.xcprivacy`: SDK-only reason codes are allowed there.
    case sdkPrivacyManifest
    /// A bundled third-party SDK's folder (a framework, an XCFramework or a CocoaPods pod).
    case sdk
    /// A package manager's lock file, `Package.resolved` or `Podfile.lock`: the SDK versions the app pins.
    case dependencyLock
}
