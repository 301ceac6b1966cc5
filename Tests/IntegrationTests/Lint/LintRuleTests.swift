import AppInfoPlist
import Foundation
import MockTrackingManager
import ScenarioRunner
import StandInRuntime
import Testing

@testable import ConfigurationLint

/// The rules as data: stable IDs, a source for each, and one knowledge of keys with the stand-ins.
@Suite("Lint rules")
struct LintRuleTests {
    @Test("IDs are unique, named by what they read, and every rule says its consequence, fix and source")
    func rulesAreComplete() {
        let rules = LintRule.allCases
        #expect(Set(rules.map(\.id)).count == rules.count && Set(rules.map(\.name)).count == rules.count)
        #expect(
            rules.filter { rule in
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

    @Test(
        "application identifiers",
        arguments: [
            ("ca-app-pub-3940256099942544~1458002511", true), ("ca-app-pub-1234567890123456~1", true),
            ("ca-app-pub-1234567890123456/1234567890", false), ("ca-app-pub-123456789012345~1234567890", false),
            ("ca-app-pub-1234567890123456~", false), ("pub-1234567890123456~1234567890", false),
            ("ca-app-pub-12345678901234５6~1234567890", false),
        ])
    func applicationIdentifier(_ identifier: String, _ wellFormed: Bool) {
        let findings = ConfigurationLinter().lint(infoPlist: InfoPlist([InfoPlistKey.adApplicationIdentifier.name: .string(identifier)]))
        #expect(findings.contains { $0.rule == .adAppIdMalformed } == !wellFormed)
    }

    @Test(
        "what is wrong with an app ID is said, and said exactly when the ID is not well formed",
        arguments: [
            ("ca-app-pub-3940256099942544~1458002511", nil), ("ca-app-pub-1234567890123456~1", nil),
            ("ca-app-pub-1234567890123456/1234567890", "it is an ad unit ID (it has a slash) where the app ID belongs"),
            ("ca-app-pub-123456789012345~1234567890", "16 digits expected before ~, found 15"),
            ("ca-app-pub-12345678901234567~1234567890", "16 digits expected before ~, found 17"),
            ("ca-app-pub-1234567890123456", "it is missing ~<digits> after the 16 digits"),
            ("ca-app-pub-1234567890123456~", "it is missing the digits after ~"),
            ("ca-app-pub-1234567890123456~12~34", "it has 2 ~ where one belongs"),
            ("pub-1234567890123456~1234567890", "its prefix is not ca-app-pub- (it starts \"pub-1234567\")"),
            ("ca-app-pub-12345678901234５6~1234567890", "it has \"５\" before ~ where only digits 0-9 belong"),
            ("ca-app-pub-1234567890123456~12345O", "it has \"O\" after ~ where only digits 0-9 belong"),
            (" ca-app-pub-1234567890123456~1234567890\t", "it has spaces or a line break around it"),
        ] as [(String, String?)])
    func applicationIdentifierProblem(_ identifier: String, _ problem: String?) {
        let findings = ConfigurationLinter().lint(infoPlist: InfoPlist([InfoPlistKey.adApplicationIdentifier.name: .string(identifier)]))
        let fix = findings.first { $0.rule == .adAppIdMalformed }?.fix
        #expect(InfoPlistRules.applicationIdentifierProblem(identifier) == problem)
        #expect((problem == nil) == InfoPlistKey.isWellFormedAdApplicationIdentifier(identifier))
        #expect(fix?.lowercased().hasPrefix(problem.map { $0.lowercased() + ":" } ?? "") ?? (problem == nil), "\(fix ?? "no finding")")
    }

    @Test(
        "build-setting references, as the build writes them",
        arguments: [
            ("$(GAD_APPLICATION_ID)", ["$(GAD_APPLICATION_ID)"], ""), ("${APP_ID}", ["${APP_ID}"], ""),
            ("$(PRODUCT_NAME:lower) shows ads", ["$(PRODUCT_NAME:lower)"], " shows ads"), ("$(ID_$(CONFIGURATION))", ["$(ID_$(CONFIGURATION))"], ""),
            ("ca-app-pub-$(PUBLISHER)~${APP}", ["$(PUBLISHER)", "${APP}"], "ca-app-pub-~"),
            ("costs $5 (or $()", [], "costs $5 (or $()"), ("$(UNCLOSED", [], "$(UNCLOSED"), ("${}", [], "${}"),
        ])
    func buildSettingReferences(_ text: String, _ references: [String], _ literal: String) {
        #expect(BuildSettingReference.references(in: text).map(String.init) == references)
        #expect(BuildSettingReference.literalText(of: text) == literal)
    }

    @Test("a value rule sees a build setting as a note, never as its own finding, for every value it checks")
    func buildSettingValues() {
        let setting = PropertyListValue.string("$(VALUE)")
        let plists: [(String, PropertyListValue)] = [
            (InfoPlistKey.adApplicationIdentifier.name, setting), (InfoPlistKey.trackingUsageDescription.name, setting),
            (InfoPlistKey.adNetworkItems.name, .array([.dictionary([InfoPlistKey.adNetworkIdentifier.name: setting])])),
            (InfoPlistRules.attributionNetworkIdentifiers, .array([setting])),
        ]
        let rules = plists.map { key, value in
            var values: [String: PropertyListValue] = [
                InfoPlistKey.adApplicationIdentifier.name: .string("ca-app-pub-1234567890123456~1"),
                InfoPlistKey.trackingUsageDescription.name: .string("Shows ads that match your interests."),
                InfoPlistKey.adNetworkItems.name: .array([.dictionary([InfoPlistKey.adNetworkIdentifier.name: .string(InfoPlistKey.googleAdNetworkIdentifier)])]
                ),
            ]
            values[key] = value
            return ConfigurationLinter().lint(infoPlist: InfoPlist(values)).map(\.rule)
        }
        #expect(rules == Array(repeating: [.buildSettingValue], count: plists.count))
        // Only a string can come from a build setting: a reference where an array belongs is still the wrong type.
        let wrongType = ConfigurationLinter().lint(infoPlist: InfoPlist([InfoPlistKey.adNetworkItems.name: setting])).map(\.rule)
        #expect(wrongType.contains(.adNetworkItemsMalformed) && !wrongType.contains(.buildSettingValue))
    }

    @Test(
        "tracking domains must be bare hosts",
        arguments: [
            ("googleads.g.doubleclick.net", true), ("ads-1.example.com", true), ("https://ads.example.com", false),
            ("ads.example.com/", false), ("ads.example.com?x=1", false), ("localhost", false), ("-ads.example.com", false), ("", false),
        ])
    func trackingDomain(_ domain: String, _ bare: Bool) {
        let manifest: [String: PropertyListValue] = ["NSPrivacyTracking": .bool(true), "NSPrivacyTrackingDomains": .array([.string(domain)])]
        #expect(ConfigurationLinter().lint(privacyManifest: manifest).isEmpty == bare)
    }

    @Test("SDK-only reason codes pass in an SDK's manifest and fail in the app's")
    func sdkOnlyCodes() {
        let manifest: [String: PropertyListValue] = [
            "NSPrivacyAccessedAPITypes": .array([
                .dictionary([
                    "NSPrivacyAccessedAPIType": .string("NSPrivacyAccessedAPICategoryUserDefaults"),
                    "NSPrivacyAccessedAPITypeReasons": .array([.string("C56D.1")]),
                ])
            ])
        ]
        let linter = ConfigurationLinter()
        #expect(
            [linter.lint(privacyManifest: manifest).map(\.rule), linter.lint(privacyManifest: manifest, isSDK: true).map(\.rule)] == [[.apiReasonInvalid], []])
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
