import Foundation

/// The version of the OS the app runs on, so that a glue's `#available(iOS 14.5, *)` branches port
/// as written and run on every version a test picks.
public protocol SystemVersionProvider: Sendable {
    /// The OS version now.
    var osVersion: OSVersion { get }
}

extension SystemVersionProvider {
    /// Whether the OS is this version or later: the port of `if #available(iOS 14.5, *)`.
    public func isAvailable(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) -> Bool {
        osVersion >= OSVersion(major, minor, patch)
    }
}

/// The version of the OS the process runs on, from `ProcessInfo`: what an app's ports hold.
public struct ProcessSystemVersion: SystemVersionProvider {
    /// Reads the running OS's version.
    public init() {}

    /// `ProcessInfo.processInfo.operatingSystemVersion`.
    public var osVersion: OSVersion {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return OSVersion(version.majorVersion, version.minorVersion, version.patchVersion)
    }
}
