/// A vendor SDK's version, `13.12.0`: what an app links (its package manager's lock file says
/// which), and what selects an SDK stand-in's version-specific behaviour.
///
/// One type for the stand-ins and the linter, as the Info.plist keys are: the ad SDK stand-in
/// answers as the version the device links, and `adharness lint` compares the resolved versions
/// with those the harness models.
public struct SDKVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The major, minor and patch numbers.
    public var major: Int, minor: Int, patch: Int

    /// `SDKVersion(13, 12)` is 13.12.0: the parts left out are zero.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `13`, `13.12` or `13.12.0`; `nil` for anything else (a pre-release suffix included,
    /// which no release of the SDKs the harness models carries).
    public init?(text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let numbers = parts.map { $0! } + [0, 0]
        self.init(numbers[0], numbers[1], numbers[2])
    }

    /// `13.12.0`: always three parts, as the SDKs' release notes write them.
    public var description: String { "\(major).\(minor).\(patch)" }

    /// The Google Mobile Ads release the ad SDK stand-in and the adapters follow.
    public static let modelledAdSDK = SDKVersion(13, 12, 0)
    /// The User Messaging Platform release the consent SDK stand-in and the adapters follow.
    public static let modelledConsentSDK = SDKVersion(3, 1, 0)

    /// Orders versions numerically.
    public static func < (lhs: SDKVersion, rhs: SDKVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
