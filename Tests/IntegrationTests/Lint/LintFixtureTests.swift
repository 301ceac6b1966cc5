import AppInfoPlist
import Foundation
import ScenarioRunner
import StandInRuntime
import Testing

/// The linter over `Fixtures/lint/`: each case is named for the rules it must break
/// (`IP007+IP008.name.plist`, `clean.name.plist`), so the folder is the table.
@Suite("Lint fixtures")
struct LintFixtureTests {
    static let folder = FixtureFiles.bundledDirectory.appendingPathComponent("lint")

    /// Every case in `Fixtures/lint/cases`, by name.
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cases").path)) ?? []).sorted()

    /// The rule IDs a case's name promises: the part before the first dot, `+`-separated; none for `clean`.
    static func expectedIDs(_ name: String) -> [String] {
        let prefix = name.prefix { $0 != "." }
        return prefix == "clean" ? [] : prefix.split(separator: "+").map(String.init).sorted()
    }

    static func lint(_ relative: String, options: LintOptions = LintOptions()) -> LintReport {
        ConfigurationLinter(options: options).lint(paths: [folder.appendingPathComponent(relative).path])
    }

    @Test("each case breaks exactly the rules its name gives", arguments: cases)
    func caseBreaksItsRules(_ name: String) {
        let report = Self.lint("cases/\(name)")
        #expect(report.unreadable.isEmpty && report.ruleIDs == Self.expectedIDs(name), "\(report.findings)")
    }

    @Test("every rule has a failing case and the cases include passing variants")
    func everyRuleHasAFailingCase() {
        let failing = Set(Self.cases.flatMap(Self.expectedIDs))
        #expect(failing == Set(LintRule.allCases.map(\.id)))
        #expect(Self.cases.filter { $0.hasPrefix("clean.") }.count >= 5)
    }

    @Test("a realistic app folder, XML or binary, passes every rule")
    func goodAppIsClean() {
        let reports = ["good-app", "good-app-binary"].map { Self.lint($0) }
        #expect(reports.map(\.findings) == [[], []])
        #expect(
            reports.map { $0.files.map(\.kind) } == [
                [.dependencyLock, .sdkPrivacyManifest, .appPrivacyManifest, .infoPlist], [.appPrivacyManifest, .infoPlist],
            ])
    }

    @Test("the binary copies hold what the XML files hold")
    func binaryMatchesXML() throws {
        for file in ["Weather/Info.plist", "Weather/PrivacyInfo.xcprivacy"] {
            let xml = try PropertyListFile.dictionary(at: Self.folder.appendingPathComponent("good-app/\(file)"))
            let binary = try PropertyListFile.dictionary(at: Self.folder.appendingPathComponent("good-app-binary/\(file)"))
            #expect(xml == binary, "\(file)")
        }
    }

    @Test("the bad app folder names each of its problems, at its file and line")
    func badApp() {
        let found = Self.lint("bad-app").findings.map { "\($0.file.components(separatedBy: "bad-app/").last!):\($0.line) \($0.rule.id) \($0.keyPath)" }
        #expect(
            found == [
                "Podfile.lock:3 SDK002 Google Mobile Ads", "Podfile.lock:3 SDK004 Google Mobile Ads",
                "Pods/Alamofire:1 SDK001 ",
                "Weather/Info.plist:1 IP001 NSUserTrackingUsageDescription",
                "Weather/Info.plist:11 IP004 GADApplicationIdentifier",
                "Weather/Info.plist:13 IP008 SKAdNetworkItems",
                "Weather/PrivacyInfo.xcprivacy:5 PM007 NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPITypeReasons[0]",
                "Weather/PrivacyInfo.xcprivacy:18 PM003 NSPrivacyTracking",
            ])
    }

    @Test("a build-setting value is a note for each rule that checks a value, pointing at the built app: exit 0")
    func buildSettingsAreNotes() {
        let report = Self.lint("cases/IP011.every-checked-value-from-build-settings.plist")
        #expect(
            report.findings.map { "\($0.keyPath) \($0.rule.severity.rawValue)" } == [
                "AdNetworkIdentifiers[0] note", "GADApplicationIdentifier note", "NSLocationWhenInUseUsageDescription note",
                "NSUserTrackingUsageDescription note", "SKAdNetworkItems[0].SKAdNetworkIdentifier note",
            ])
        // Each note names the rule that checks the substituted value, and says where to lint it.
        #expect(
            report.findings.map { $0.message.components(separatedBy: ": ").last! }
                == ["IP010", "IP004", "IP002", "IP002", "IP007"].map {
                    "\($0) checks the value the built app holds, not this one"
                })
        #expect(
            report.findings.allSatisfy { $0.fix.contains("adharness lint path/to/Built.app/Info.plist") && $0.message.contains("substituted at build time") })
        #expect([report.exitCode(), report.exitCode(failOn: .warning), report.exitCode(failOn: .note)] == [0, 0, 1])
    }

    @Test(
        "an app ID's fix says what is wrong with it",
        arguments: [
            ("IP004.ad-unit-id-instead-of-app-id.plist", "It is an ad unit ID (it has a slash) where the app ID belongs: use the app ID (with ~)"),
            ("IP004.ad-app-id-15-digits.plist", "16 digits expected before ~, found 15: copy the app ID"),
            ("IP004.ad-app-id-without-tilde.plist", "It is missing ~<digits> after the 16 digits: copy the app ID"),
            ("IP004.ad-app-id-wrong-prefix.plist", "Its prefix is not ca-app-pub- (it starts \"pub-1234567\"): copy the app ID"),
            ("IP004.ad-app-id-not-a-string.plist", "Write the app ID as a string, <string>ca-app-pub-<16 digits>~<digits></string>, not as"),
        ])
    func appIDFixSaysWhatIsWrong(_ name: String, _ fix: String) {
        let findings = Self.lint("cases/\(name)").findings
        #expect(
            findings.count == 1 && findings.allSatisfy { $0.rule == .adAppIdMalformed && $0.fix.hasPrefix(fix) && $0.fix != $0.rule.fix },
            "\(findings.map(\.fix))")
    }

    @Test(
        "an attribution network ID list of the wrong shape says what was expected and found",
        arguments: [
            ("IP010.ad-network-identifiers-uppercase.plist", "AdNetworkIdentifiers[0]: expected lowercase, found \"F2D92A.adattributionkit\""),
            (
                "IP010.ad-network-identifiers-as-dictionaries.plist",
                "AdNetworkIdentifiers[1]: expected a string <lowercase letters and digits>.adattributionkit or .skadnetwork, found a dictionary with SKAdNetworkIdentifier"
            ),
            (
                "IP010.ad-network-identifiers-not-an-array.plist",
                "AdNetworkIdentifiers: expected an array of strings <lowercase letters and digits>.adattributionkit or .skadnetwork, found the string"
            ),
            (
                "IP010.ad-network-identifier-without-suffix.plist",
                "AdNetworkIdentifiers[0]: expected <lowercase letters and digits>.adattributionkit or .skadnetwork, found \"f2d92a\""
            ),
        ])
    func attributionNetworkIdentifiers(_ name: String, _ start: String) {
        let findings = Self.lint("cases/\(name)").findings
        #expect(findings.last.map { "\($0.keyPath): \($0.message)".hasPrefix(start) && $0.rule.severity == .warning } == true, "\(findings)")
    }

    @Test("--location asks for the texts of a request the Info.plist does not show")
    func declaredLocationRequest() {
        let report = Self.lint("cases/clean.ad-manager-app-without-app-id.plist", options: LintOptions(locationRequests: [.always]))
        #expect(
            report.findings.map(\.keyPath) == [
                InfoPlistKey.locationAlwaysAndWhenInUseUsageDescription.name, InfoPlistKey.locationWhenInUseUsageDescription.name,
            ])
    }

    @Test(
        "a file that is no property list is unreadable, named with where it broke: exit 2",
        arguments: [
            ("misspelled-tag.plist", "expected an XML property list, found one that does not parse: Encountered unknown tag strng on line 6"),
            ("truncated-binary.plist", "expected a binary property list, found one that is cut short or corrupt"),
            ("array-at-top.plist", "expected a dictionary at the top level, found an array"),
            ("no-such-file.plist", "expected a file or folder, found nothing at this path"),
            ("", "expected a folder holding an Info.plist, a PrivacyInfo.xcprivacy, a Package.resolved or Podfile.lock, or a bundled SDK, found none"),
            ("not-json.Package.resolved", "expected a Package.resolved (a JSON object with pins), found text that is not a JSON object"),
            ("no-pins.Package.resolved", "expected a Package.resolved with a pins array (at the top, or under object in format 1), found none"),
            ("no-pods-section.Podfile.lock", "expected a Podfile.lock with a PODS: section, found none"),
        ])
    func unreadable(_ file: String, _ problem: String) {
        let report = Self.lint("unreadable/\(file)")
        #expect(report.unreadable.map(\.problem) == [problem] && report.exitCode() == 2)
    }

    /// Lints one lock file of `text`, written under `name` in a folder of its own.
    static func lintLockFile(_ name: String, _ text: String) throws -> LintReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return ConfigurationLinter().lint(paths: [file.path])
    }

    @Test(
        "a lock file saved with Windows line ends or a byte order mark reads as the same file",
        arguments: [("\r\n", ""), ("\n", "\u{FEFF}"), ("\r\n", "\u{FEFF}")])
    func lockFileLineEnds(_ lineEnd: String, _ start: String) throws {
        let podfile = ["PODS:", "  - Google-Mobile-Ads-SDK (11.13.0)", "", "COCOAPODS: 1.15.2", ""].joined(separator: lineEnd)
        let resolved = [
            "{", #"  "pins" : [{ "identity" : "swift-package-manager-google-mobile-ads", "#,
            #"    "state" : { "version" : "11.13.0" } }], "version" : 2"#, "}", "",
        ].joined(separator: lineEnd)
        for (name, text) in [("Podfile.lock", podfile), ("Package.resolved", resolved)] {
            let report = try Self.lintLockFile(name, start + text)
            #expect(report.unreadable.isEmpty, "\(name): \(report.unreadable.map(\.problem))")
            #expect(report.findings.map { "\($0.line) \($0.rule.id)" } == ["2 SDK002", "2 SDK004"], "\(name): \(report.findings)")
        }
    }

    @Test(
        "a Package.resolved pin of a tracked SDK that does not say what it pins is refused, naming the pin and the field",
        arguments: [
            (
                #"{"identity": "swift-package-manager-google-mobile-ads", "state": {"version": 11}}"#,
                "pins[0] (Google Mobile Ads).state.version: expected a string, found the number or Boolean 11"
            ),
            (
                #"{"identity": "swift-package-manager-google-mobile-ads"}"#,
                "pins[0] (Google Mobile Ads).state: expected an object with version, branch or revision, found nothing"
            ),
            (
                #"{"identity": "swift-package-manager-google-mobile-ads", "state": "13.12.0"}"#,
                "pins[0] (Google Mobile Ads).state: expected an object with version, branch or revision, found a string"
            ),
            (
                #"{"identity": "swift-package-manager-google-mobile-ads", "state": {}}"#,
                "pins[0] (Google Mobile Ads).state: expected a version, branch or revision, found none"
            ),
            (#""swift-package-manager-google-mobile-ads""#, "pins[0]: expected an object (a package's pin), found a string"),
        ])
    func malformedPin(_ pin: String, _ problem: String) throws {
        let report = try Self.lintLockFile("Package.resolved", #"{"pins": [\#(pin)], "version": 2}"#)
        #expect(report.unreadable.map(\.problem) == [problem] && report.exitCode() == 2, "\(report.findings)")
    }

    @Test("a format 1 pin with a null branch and a version is read as its version")
    func formatOnePin() throws {
        let report = try Self.lintLockFile(
            "Package.resolved",
            #"{"object": {"pins": [{"package": "GoogleMobileAds", "repositoryURL": "https://github.com/googleads/swift-package-manager-google-mobile-ads.git", "state": {"branch": null, "revision": "abc", "version": "13.12.0"}}]}, "version": 1}"#
        )
        #expect(report.unreadable.isEmpty && report.findings.isEmpty, "\(report.unreadable) \(report.findings)")
    }

    @Test("a device file is refused before it is read, so the linter never reads without end")
    func specialFile() {
        let report = ConfigurationLinter().lint(paths: ["/dev/zero"])
        #expect(report.unreadable.map(\.problem) == ["expected a property-list file, found a special file"])
    }
}
