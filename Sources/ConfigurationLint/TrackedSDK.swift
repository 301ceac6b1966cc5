import AppInfoPlist

/// The vendor SDKs whose versions `adharness lint` reads from an app's lock files: the two the
/// harness stands in for, with what is known about their releases.
package enum TrackedSDK: String, CaseIterable, Hashable, Sendable, Codable {
    /// Google Mobile Ads.
    case mobileAds = "Google Mobile Ads"
    /// Google's User Messaging Platform, the consent SDK.
    case messagingPlatform = "User Messaging Platform"

    /// The package's identity in a `Package.resolved` (the last part of its repository's address).
    package var packageIdentity: String {
        switch self {
        case .mobileAds: "swift-package-manager-google-mobile-ads"
        case .messagingPlatform: "swift-package-manager-google-user-messaging-platform"
        }
    }

    /// The pod's name in a `Podfile.lock`.
    package var podName: String {
        switch self {
        case .mobileAds: "Google-Mobile-Ads-SDK"
        case .messagingPlatform: "GoogleUserMessagingPlatform"
        }
    }

    /// The release the stand-ins follow.
    package var modelled: SDKVersion {
        switch self {
        case .mobileAds: .modelledAdSDK
        case .messagingPlatform: .modelledConsentSDK
        }
    }

    /// The oldest release whose API the adapters use and whose behaviour the stand-ins follow:
    /// GMA 13.3.0 (`ageRestrictedTreatment`), UMP 3.1.0 (`consentSyncID`, the Swift names of 3.0).
    package var oldestModelled: SDKVersion {
        switch self {
        case .mobileAds: SDKVersion(13, 3)
        case .messagingPlatform: SDKVersion(3, 1)
        }
    }

    /// The SDK a package identity or repository address names, if one of these.
    init?(packageIdentityOrLocation text: String) {
        let name = text.lowercased().split(separator: "/").last.map { $0.hasSuffix(".git") ? String($0.dropLast(4)) : String($0) } ?? ""
        guard let sdk = Self.allCases.first(where: { $0.packageIdentity == name }) else { return nil }
        self = sdk
    }

    /// The SDK a pod name names (a subspec, `Name/Part`, counts as its pod).
    init?(podName text: String) {
        let pod = text.split(separator: "/").first.map(String.init) ?? text
        guard let sdk = Self.allCases.first(where: { $0.podName == pod }) else { return nil }
        self = sdk
    }
}
