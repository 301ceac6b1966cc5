import Foundation
import Testing

/// The rules on the command line: what `invariants` says of each, and `--rules` on a run.
@Suite("Rules on the command line")
struct RulesCommandLineTests {
    @Test("invariants --format json gives every rule with its authority, default severity and source")
    func invariantsJSON() throws {
        let run = try CommandLineTests.adharness(["invariants", "--format", "json"])
        #expect(run.code == 0)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: String]])
        #expect(rules.count > 10)
        #expect(rules.allSatisfy { ["platform", "guidance", "revenue", "policy"].contains($0["authority"] ?? "") && !($0["source"] ?? "").isEmpty })
        #expect(rules.first { $0["name"] == "personalizedOnlyWithBothAnswers" }?["authority"] == "policy")
        #expect(rules.first { $0["name"] == "noRequestWithoutConsentSDKPermission" }?["defaultSeverity"] == "failure")
    }

    @Test("--rules turns the seed's policy off for a run: a glue mistake that only the policy forbids then passes, with no violation")
    func rulesOnARun() throws {
        let scenario =
            #"{"name":"npa dropped after a denial","previousSession":{"tracking":"denied","consent":"obtained"},"app":{"mistakes":["dropsNonPersonalizedExtra"]},"steps":["launch","requestAd"],"expect":{}}"#
        let folder = try CommandLineTests.folder(with: ["dropped.json": scenario])
        defer { try? FileManager.default.removeItem(at: folder) }

        let strict = try CommandLineTests.adharness(["run", "dropped.json"], in: folder)
        let standard = try CommandLineTests.adharness(["run", "--rules", "standard", "dropped.json"], in: folder)

        #expect(strict.code == 1)
        #expect(strict.output.contains("invariant violated: no ad request without npa=1"))
        #expect(standard.code == 0, "\(standard.output)")
    }

    @Test("a failing run names each rule it warns of once, under run and under trace", arguments: ["run", "trace"])
    func warningsOfAFailingRun(command: String) throws {
        let scenario =
            #"{"name":"x","rules":"standard","app":{"mistakes":["startsAdSDKBeforeConsent","ignoresCanRequestAds"]},"previousSession":{"tracking":"denied"},"user":{"consentForm":"acceptAll"},"steps":["launch","requestAd"],"expect":{}}"#
        let folder = try CommandLineTests.folder(with: ["warned.json": scenario])
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try CommandLineTests.adharness([command, "warned.json"], in: folder)
        #expect(run.code == 1)
        #expect(run.output.contains("invariant violated: no ad request while canRequestAds is false"))
        #expect(run.output.contains("rule: noRequestWithoutConsentSDKPermission (platform, failure)"), "\(run.output)")
        #expect(run.output.components(separatedBy: "warning: adSDKStartsOnlyWhenAdsAllowed (guidance)").count == 2, "\(run.output)")
    }

    @Test("a misspelt rule in --rules is a usage error that suggests the rule meant")
    func misspeltRule() throws {
        let run = try CommandLineTests.adharness(["run", "--rules", "standard,adLoadBackOff=warning"])
        #expect(run.code == 2)
        #expect(run.errors.contains(#"unknown rule "adLoadBackOff"; did you mean "adLoadsBackOff"?"#), "\(run.errors)")
    }

    @Test("a malformed --rules is a usage error naming what was expected")
    func malformedRules() throws {
        let run = try CommandLineTests.adharness(["run", "--rules", "seed,adLoadsBackOff=loud"])
        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("adharness: --rules: expected failure, warning or off for adLoadsBackOff, found \"loud\""))
    }
}
