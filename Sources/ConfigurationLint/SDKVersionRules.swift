import AppInfoPlist

/// The checks of the SDK versions an app's lock files pin (`SDK002` to `SDK008`): each entry on
/// its own, then the pairs across every lock file of the lint, since an app may take one SDK
/// through CocoaPods and the other through the Swift package manager.
enum SDKVersionRules {
    /// The last Google Mobile Ads major version that is sunset, and the deprecated one.
    static let lastSunsetMajor = 10
    static let deprecatedMajor = 11
    /// The first Google Mobile Ads release with a privacy manifest.
    static let firstWithPrivacyManifest = SDKVersion(11, 2)
    /// The first User Messaging Platform release with `canRequestAds` and the privacy-options form.
    static let firstWithGatheringAPI = SDKVersion(2, 1)

    /// A pair of releases known not to work together, and why.
    struct IncompatiblePair: Sendable {
        var adSDK: @Sendable (SDKVersion) -> Bool
        var consentSDK: @Sendable (SDKVersion) -> Bool
        var why: String
    }

    static let incompatiblePairs: [IncompatiblePair] = [
        IncompatiblePair(
            adSDK: { $0.major == 12 && $0.minor == 2 }, consentSDK: { $0 >= SDKVersion(3) },
            why: "Google Mobile Ads 12.2's package requires the User Messaging Platform below 3.0.0 (fixed in 12.3.0)"
        )
    ]

    /// Every finding for the entries of all the lock files linted.
    ///
    /// An old User Messaging Platform resolved beside a current Google Mobile Ads (its package
    /// allows a wide range) is `SDK002`, not a pair: 12.2 itself wanted a release below 3.0.
    static func check(_ entries: [DependencyLock.Entry]) -> [LintFinding] {
        var findings = entries.flatMap(check)
        let adSDKs = entries.filter { $0.sdk == .mobileAds && $0.version != nil }
        let consentSDKs = entries.filter { $0.sdk == .messagingPlatform && $0.version != nil }
        for ads in adSDKs {
            for consent in consentSDKs {
                guard let adVersion = ads.version, let consentVersion = consent.version,
                    let pair = incompatiblePairs.first(where: { $0.adSDK(adVersion) && $0.consentSDK(consentVersion) })
                else { continue }
                let other = consent.file == ads.file ? "" : " (in \(consent.file))"
                findings.append(
                    finding(
                        .sdkIncompatiblePair, ads,
                        "Google Mobile Ads \(adVersion) with the User Messaging Platform \(consentVersion)\(other): \(pair.why)"))
            }
        }
        return findings
    }

    /// The findings of one pinned SDK.
    static func check(_ entry: DependencyLock.Entry) -> [LintFinding] {
        guard let version = entry.version else {
            return [finding(.sdkVersionUnpinned, entry, "\(entry.sdk.rawValue) is pinned to \(entry.pinned), not a release: its version is not checked")]
        }
        var findings: [LintFinding] = []
        if version < entry.sdk.oldestModelled {
            findings.append(
                finding(
                    .sdkBelowModelled, entry,
                    "\(entry.sdk.rawValue) \(version) is older than \(entry.sdk.oldestModelled), the oldest release the harness models (it follows \(entry.sdk.modelled))"
                ))
        }
        if entry.sdk == .messagingPlatform, version < firstWithGatheringAPI {
            findings.append(
                finding(
                    .consentSDKPredatesGatheringAPI, entry,
                    "User Messaging Platform \(version) predates 2.1.0: no canRequestAds, no privacy-options requirement status or form (Google Mobile Ads' package accepts the User Messaging Platform from 1.1.0)"
                ))
        }
        guard entry.sdk == .mobileAds else { return findings }
        if version.major <= lastSunsetMajor {
            findings.append(
                finding(
                    .adSDKSunset, entry,
                    "Google Mobile Ads \(version): major version \(version.major) is sunset; its ad traffic is at risk of automatic no fill"))
        } else if version.major == deprecatedMajor {
            findings.append(
                finding(.adSDKDeprecated, entry, "Google Mobile Ads \(version): major version 11 is deprecated since February 4, 2026, and sunsets in Q2 2027"))
        }
        if version < firstWithPrivacyManifest {
            findings.append(
                finding(.adSDKWithoutPrivacyManifest, entry, "Google Mobile Ads \(version) ships no privacy manifest (the first release with one is 11.2.0)"))
        }
        return findings
    }

    private static func finding(_ rule: LintRule, _ entry: DependencyLock.Entry, _ message: String) -> LintFinding {
        LintFinding(rule: rule, file: entry.file, keyPath: entry.sdk.rawValue, message: message, line: entry.line)
    }
}
