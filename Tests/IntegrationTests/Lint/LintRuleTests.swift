import AppInfoPlist
import Foundation
import HarnessSupport
import MockTrackingManager
import ScenarioRunner
import Testing

/// The rules as data: stable IDs, a source for each, and one knowledge of keys with the stand-ins.
@Suite("Lint rules")
struct LintRuleTests {
    @Test("IDs are unique, named by what they read, and every rule says its consequence, fix and source")
    func rulesAreComplete() {
        let rules = LintRule.allCases
        #expect(Set(rules.map(\.id)).count == rules.count && Set(rules.map(\.name)).count == rules.count)
        #expect(rules.filter { rule in
            !["IP", "PM", "SDK"].contains { rule.id.hasPrefix($0) } || rule.reason.isEmpty || rule.consequence.isEmpty
                || rule.fix.isEmpty || !rule.source.contains("https://") && !rule.source.contains("googleads/")
        } == [])
    }

    @Test("every key whose absence crashes a stand-in is checked by an error rule")
    func crashesAreErrors() {
        let checked = Set(LintRule.allCases.filter { $0.severity == .error }.compactMap(\.key))
        #expect(Set(CrashReason.allCases.compactMap(\.key)).subtracting(checked) == [])
    }

    @Test("the location rule asks for the texts the location stand-in refuses without")
    func locationTextsMatchTheStandIn() {
        let linter = ConfigurationLinter(options: LintOptions(locationRequests: [.always]))
        let missing = linter.lint(infoPlist: .standard).filter { $0.rule == .locationUsageMissing }.map(\.keyPath)
        #expect(missing == InfoPlistKey.locationUsageDescriptions(always: true).map(\.name))
        #expect(linter.lint(infoPlist: .standardWithLocation).filter { $0.rule == .locationUsageMissing } == [])
    }

    @Test("the harness's standard Info.plist breaks no error rule: only the sample ID and no attribution list")
    func standardInfoPlist() {
        #expect(ConfigurationLinter().lint(infoPlist: .standard).map(\.rule) == [.adAppIdSample, .adNetworkItemsMissing])
    }

    @Test("application identifiers", arguments: [
        ("ca-app-pub-3940256099942544~1458002511", true), ("ca-app-pub-1234567890123456~1", true),
        ("ca-app-pub-1234567890123456/1234567890", false), ("ca-app-pub-123456789012345~1234567890", false),
        ("ca-app-pub-1234567890123456~", false), ("pub-1234567890123456~1234567890", false),
        ("ca-app-pub-12345678901234５6~1234567890", false),
    ])
    func applicationIdentifier(_ identifier: String, _ wellFormed: Bool) {
        let findings = ConfigurationLinter().lint(infoPlist: InfoPlist([InfoPlistKey.adApplicationIdentifier.name: .string(identifier)]))
        #expect(findings.contains { $0.rule == .adAppIdMalformed } == !wellFormed)
    }

    @Test("tracking domains must be bare hosts", arguments: [
        ("googleads.g.doubleclick.net", true), ("ads-1.example.com", true), ("https://ads.example.com", false),
        ("ads.example.com/", false), ("ads.example.com?x=1", false), ("localhost", false), ("-ads.example.com", false), ("", false),
    ])
    func trackingDomain(_ domain: String, _ bare: Bool) {
        let manifest: [String: PropertyListValue] = ["NSPrivacyTracking": .bool(true), "NSPrivacyTrackingDomains": .array([.string(domain)])]
        #expect(ConfigurationLinter().lint(privacyManifest: manifest).isEmpty == bare)
    }

    @Test("SDK-only reason codes pass in an SDK's manifest and fail in the app's")
    func sdkOnlyCodes() {
        let manifest: [String: PropertyListValue] = ["NSPrivacyAccessedAPITypes": .array([.dictionary([
            "NSPrivacyAccessedAPIType": .string("NSPrivacyAccessedAPICategoryUserDefaults"),
            "NSPrivacyAccessedAPITypeReasons": .array([.string("C56D.1")]),
        ])])]
        let linter = ConfigurationLinter()
        #expect([linter.lint(privacyManifest: manifest).map(\.rule), linter.lint(privacyManifest: manifest, isSDK: true).map(\.rule)] == [[.apiReasonInvalid], []])
    }

    @Test("the reason-code table has Apple's five categories and 17 codes, each code in one category")
    func reasonCodes() {
        let codes = RequiredReasonAPI.all.flatMap { $0.codes.union($0.sdkOnlyCodes) }
        #expect(RequiredReasonAPI.all.count == 5 && codes.count == 17 && Set(codes).count == 17)
    }

    @Test("Apple's SDK list has neither the ads SDK nor the consent SDK, and has their Firebase dependencies")
    func listedSDKs() {
        #expect(ListedSDKs.names.isDisjoint(with: ["GoogleMobileAds", "UserMessagingPlatform"]))
        #expect(ListedSDKs.names.isSuperset(of: ["FirebaseCore", "GoogleUtilities", "nanopb", "FBLPromises"]))
    }
}
