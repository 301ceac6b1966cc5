import AppInfoPlist
import Testing

@testable import ConfigurationLint

/// `SDK008`: Google Mobile Ads' package accepts the User Messaging Platform from 1.1.0, so a lock
/// file can resolve a release that predates `canRequestAds` and the privacy-options form (2.1.0).
@Suite("Consent SDK floor (SDK008)")
struct ConsentSDKFloorTests {
    static func findings(_ version: String, sdk: TrackedSDK = .messagingPlatform) -> [String] {
        let entry = DependencyLock.Entry(sdk: sdk, version: SDKVersion(text: version), pinned: version, file: "Package.resolved", line: 1)
        return SDKVersionRules.check([entry]).map(\.rule.id)
    }

    @Test("below 2.1.0 is SDK008 beside SDK002; 2.1.0 and later, and the ads SDK's own versions, are not")
    func floorAtTwoPointOne() {
        #expect(Self.findings("1.1.0") == ["SDK002", "SDK008"])
        #expect(Self.findings("2.0.1") == ["SDK002", "SDK008"])
        #expect(Self.findings("2.1.0") == ["SDK002"])
        #expect(Self.findings("3.1.0") == [])
        #expect(!Self.findings("1.1.0", sdk: .mobileAds).contains("SDK008"))
    }

    @Test("the finding says what the old release lacks, on its own entry")
    func message() {
        let entry = DependencyLock.Entry(sdk: .messagingPlatform, version: SDKVersion(1, 1), pinned: "1.1.0", file: "Package.resolved", line: 14)
        let finding = SDKVersionRules.check([entry]).first { $0.rule == .consentSDKPredatesGatheringAPI }
        #expect(finding?.line == 14)
        #expect(finding?.message.contains("no canRequestAds") == true)
        #expect(LintRule.consentSDKPredatesGatheringAPI.severity == .error)
    }
}
